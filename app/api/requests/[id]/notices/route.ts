import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { listNotices } from "@/lib/licensing/list-notices";

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await listNotices(db, actor, idParam(params, "id", "Request"))),
  { roles: ["employee"] },
);
