import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { cursorList } from "@/lib/http/responses";
import { allNoticesQuery, listAllNotices } from "@/lib/licensing/list-all-notices";

export const GET = apiRoute(
  async ({ db, actor, url }) => {
    return cursorList(url, await listAllNotices(db, actor, parseQuery(allNoticesQuery, url)));
  },
  { roles: ["employee"] },
);
