import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { list } from "@/lib/http/responses";
import { allNoticesQuery, listAllNotices } from "@/lib/licensing/list-all-notices";

export const GET = apiRoute(
  async ({ db, actor, url }) => {
    const { items, total } = await listAllNotices(db, actor, parseQuery(allNoticesQuery, url));
    return list(items, total);
  },
  { roles: ["employee"] },
);
