import { apiRoute } from "@/lib/http/api-route";
import { json, nextPageHeaders } from "@/lib/http/responses";
import { parseQuery } from "@/lib/query-params";
import { listEvents, listEventsQuery } from "@/lib/webhooks/list-events";

export const GET = apiRoute(
  async ({ db, actor, url }) => {
    const { items, next } = await listEvents(db, actor, parseQuery(listEventsQuery, url));
    // A feed: its next cursor is its last event, or the one asked with when nothing followed it.
    return json(items, 200, next === null ? {} : nextPageHeaders(url, next));
  },
  { roles: ["client:admin"] },
);
