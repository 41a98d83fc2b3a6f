import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";
import { newWebhookSecret } from "./webhook-secret";

/** How long the old secret still signs after a rotation: time to deploy the new one (docs/webhooks.md). */
const PREVIOUS_SECRET_MS = 24 * 60 * 60_000;

/**
 * POST /api/webhooks/{id}/rotate-secret and Settings → Webhooks: a new signing secret, shown in this answer only.
 * For 24 hours every delivery carries a signature by each secret, so a receiver verifying with either accepts it; a
 * second rotation within them drops the oldest secret at once.
 */
export async function rotateWebhookSecret(db: Db, actor: Actor, id: number) {
  const client = requireWebhookManager(actor);
  return db.transaction(async (tx) => {
    await findWebhookEndpoint(tx, client.accountId, id, true);
    const [current] = await tx
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    const secret = newWebhookSecret();
    const previousSecretExpiresAt = new Date(now().getTime() + PREVIOUS_SECRET_MS);
    await tx
      .update(webhookEndpoints)
      .set({ secret, previousSecret: current!.secret, previousSecretExpiresAt })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, client, {
      action: "webhook.secret_rotated",
      entityType: "webhook_endpoint",
      entityId: id,
      accountId: client.accountId,
      detail: { previousSecretExpiresAt: previousSecretExpiresAt.toISOString() },
    });
    return { id, secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
  });
}
export type RotatedWebhookSecret = Awaited<ReturnType<typeof rotateWebhookSecret>>;
