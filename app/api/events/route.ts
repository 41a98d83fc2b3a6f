import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { parseQuery } from "@/lib/query-params";
import { nextPageHeaders } from "@/lib/webhooks/event-cursor";
import { listEvents, listEventsQuery } from "@/lib/webhooks/list-events";

export const GET = apiRoute(
  async ({ db, actor, url }) => {
    const { items, next } = await listEvents(db, actor, parseQuery(listEventsQuery, url));
    return json(items, 200, nextPageHeaders(url, "after", next));
  },
  { roles: ["client:admin"] },
);
