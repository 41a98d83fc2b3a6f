import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { list, idParam } from "@/lib/http/responses";
import { listRequestEvents, listRequestEventsQuery } from "@/lib/requests/list-request-events";

export const GET = apiRoute(async ({ db, actor, params, url }) => {
  const requestId = idParam(params, "id", "Request");
  const { items, total } = await listRequestEvents(db, actor, requestId, parseQuery(listRequestEventsQuery, url));
  return list(items, total);
});
