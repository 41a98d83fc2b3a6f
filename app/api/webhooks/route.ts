import { apiRoute } from "@/lib/http/api-route";
import { created, list } from "@/lib/http/responses";
import { parseInput } from "@/lib/validation";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import { newWebhookInput } from "@/lib/webhooks/webhook-fields";

const roles = ["client:admin"] as const;

/** Registers an endpoint; the answer carries its signing secret, the only time it is shown. */
export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const endpoint = await createWebhookEndpoint(db, actor, parseInput(newWebhookInput, await body()));
    return created(endpoint, `/api/webhooks/${endpoint.id}`);
  },
  { roles },
);

export const GET = apiRoute(
  async ({ db, actor }) => {
    const endpoints = await listWebhookEndpoints(db, actor);
    return list(endpoints, endpoints.length);
  },
  { roles },
);
