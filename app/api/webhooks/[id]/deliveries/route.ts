import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { list, idParam } from "@/lib/http/responses";
import { deliveriesQuery, listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const GET = apiRoute(
  async ({ db, actor, params, url }) => {
    const { items, total } = await listWebhookDeliveries(
      db,
      actor,
      idParam(params, "id", "Webhook endpoint"),
      parseQuery(deliveriesQuery, url),
    );
    return list(items, total);
  },
  { roles: ["client:admin"] },
);
