import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { parseChanges } from "@/lib/patch/parse-patch";
import { checkWebhookUrl } from "./check-webhook-url";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";
import { toWebhookEndpointView, webhookEndpointColumns, type WebhookEndpointView } from "./webhook-endpoint-view";
import { webhookFields, type WebhookChanges } from "./webhook-fields";

export const parseWebhookPatch = (body: unknown): WebhookChanges => parseChanges(body, webhookFields);

/**
 * PATCH /api/webhooks/{id} and Settings → Webhooks: a new URL (checked like a new endpoint's), new events, off or on.
 * Turning an endpoint on clears why it was turned off and its failure streak; its waiting events are due at once and
 * go out oldest first (those of one request strictly in order), whatever backoff their last failure had set.
 */
export async function patchWebhookEndpoint(
  db: Db,
  actor: Actor,
  id: number,
  changes: WebhookChanges,
): Promise<WebhookEndpointView> {
  const client = requireWebhookManager(actor);
  if (changes.url !== undefined) await checkWebhookUrl(changes.url);
  const set = {
    ...(changes.url !== undefined ? { url: changes.url } : {}),
    ...(changes.events !== undefined ? { events: changes.events } : {}),
    ...(changes.enabled !== undefined ? { enabled: changes.enabled, disabledReason: null, failingSince: null } : {}),
  };
  return db.transaction(async (tx) => {
    const current = await findWebhookEndpoint(tx, client.accountId, id, true);
    if (Object.keys(set).length === 0) return toWebhookEndpointView(current);
    const [row] = await tx
      .update(webhookEndpoints)
      .set(set)
      .where(eq(webhookEndpoints.id, id))
      .returning(webhookEndpointColumns);
    if (!row) throw new Error(`webhook endpoint ${id} vanished while locked`);
    if (changes.enabled && !current.enabled)
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: now() })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending")));
    await recordAudit(tx, client, {
      action: "webhook.changed",
      entityType: "webhook_endpoint",
      entityId: id,
      accountId: client.accountId,
      detail: changes,
    });
    return toWebhookEndpointView(row);
  });
}
