import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { resendWebhookDelivery } from "@/lib/webhooks/resend-webhook-delivery";

export const POST = apiRoute(
  async ({ db, actor, params }) => {
    const endpointId = idParam(params, "id", "Webhook endpoint");
    return json(await resendWebhookDelivery(db, actor, endpointId, idParam(params, "deliveryId", "Webhook delivery")));
  },
  { roles: ["client:admin"] },
);
