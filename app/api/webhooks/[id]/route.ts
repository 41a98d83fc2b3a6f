import { apiRoute } from "@/lib/http/api-route";
import { json, noContent, idParam } from "@/lib/http/responses";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { getWebhookEndpoint } from "@/lib/webhooks/list-webhook-endpoints";
import { parseWebhookPatch, patchWebhookEndpoint } from "@/lib/webhooks/patch-webhook-endpoint";

const roles = ["client:admin"] as const;

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await getWebhookEndpoint(db, actor, idParam(params, "id", "Webhook endpoint"))),
  { roles },
);

/** Its URL, its events, or `enabled` (JSON Patch). */
export const PATCH = apiRoute(
  async ({ db, actor, params, body }) => {
    const id = idParam(params, "id", "Webhook endpoint");
    return json(await patchWebhookEndpoint(db, actor, id, parseWebhookPatch(await body())));
  },
  { roles },
);

export const DELETE = apiRoute(
  async ({ db, actor, params }) => {
    await deleteWebhookEndpoint(db, actor, idParam(params, "id", "Webhook endpoint"));
    return noContent();
  },
  { roles },
);
