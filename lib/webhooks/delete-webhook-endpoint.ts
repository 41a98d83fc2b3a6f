import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";

/** DELETE /api/webhooks/{id} and Settings → Webhooks: the endpoint goes, with its delivery log and unsent events. */
export async function deleteWebhookEndpoint(db: Db, actor: Actor, id: number): Promise<void> {
  const client = requireWebhookManager(actor);
  await db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, client.accountId, id, true);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, client, {
      action: "webhook.deleted",
      entityType: "webhook_endpoint",
      entityId: id,
      accountId: client.accountId,
      detail: { url: endpoint.url },
    });
  });
}
