import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";
import { toWebhookEndpointView, webhookEndpointColumns, type WebhookEndpointView } from "./webhook-endpoint-view";

/** GET /api/webhooks and Settings → Webhooks: the account's endpoints, oldest first, without their secrets. */
export async function listWebhookEndpoints(db: Conn, actor: Actor): Promise<WebhookEndpointView[]> {
  const client = requireWebhookManager(actor);
  const rows = await db
    .select(webhookEndpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, client.accountId))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(toWebhookEndpointView);
}

/** GET /api/webhooks/{id}. */
export async function getWebhookEndpoint(db: Conn, actor: Actor, id: number): Promise<WebhookEndpointView> {
  const client = requireWebhookManager(actor);
  return toWebhookEndpointView(await findWebhookEndpoint(db, client.accountId, id));
}
