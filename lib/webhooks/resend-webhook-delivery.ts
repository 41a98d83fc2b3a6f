import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { notFound } from "@/lib/errors";
import { countAndLimit } from "@/lib/rate-limit";
import { env } from "@/env";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";
import { toWebhookDeliveryView, webhookDeliveryColumns, type WebhookDeliveryView } from "./webhook-delivery-view";

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/resend and the log's "Resend": the delivery is due again at once,
 * with the same `webhook-id` (receivers that keep ids drop it as a repeat). A sent one goes once more. At most
 * WEBHOOK_RESENDS_PER_HOUR per account: each resend is a delivery attempt, and an account's endpoints that never
 * answer, resent without end, would keep the delivery slots busy.
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
    await countAndLimit(
      tx,
      [{ scope: `webhook-resend:${client.accountId}`, limit: env().WEBHOOK_RESENDS_PER_HOUR }],
      3_600_000,
      "webhook resends from this account",
    );
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: now() })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning(webhookDeliveryColumns);
    if (!row) throw notFound("Webhook delivery");
    return toWebhookDeliveryView(row);
  });
}
