import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const POST = apiRoute(
  async ({ db, actor, params }) =>
    json(await rotateWebhookSecret(db, actor, idParam(params, "id", "Webhook endpoint"))),
  { roles: ["client:admin"] },
);
