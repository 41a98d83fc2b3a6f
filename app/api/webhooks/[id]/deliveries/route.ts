import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { cursorList, idParam } from "@/lib/http/responses";
import { deliveriesQuery, listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const GET = apiRoute(
  async ({ db, actor, params, url }) => {
    const page = await listWebhookDeliveries(
      db,
      actor,
      idParam(params, "id", "Webhook endpoint"),
      parseQuery(deliveriesQuery, url),
    );
    return cursorList(url, page);
  },
  { roles: ["client:admin"] },
);
