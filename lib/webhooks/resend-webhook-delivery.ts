import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { notFound } from "@/lib/errors";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";
import { toWebhookDeliveryView, webhookDeliveryColumns, type WebhookDeliveryView } from "./webhook-delivery-view";

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/resend and the log's "Resend": the delivery is due again at once,
 * with the same `webhook-id` (receivers that keep ids drop it as a repeat). A sent one goes once more.
 */
export async function resendWebhookDelivery(
  db: Db,
  actor: Actor,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDeliveryView> {
  const client = requireWebhookManager(actor);
  return db.transaction(async (tx) => {
    await findWebhookEndpoint(tx, client.accountId, endpointId);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: now() })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning(webhookDeliveryColumns);
    if (!row) throw notFound("Webhook delivery");
    return toWebhookDeliveryView(row);
  });
}
