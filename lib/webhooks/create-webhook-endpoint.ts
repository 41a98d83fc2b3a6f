import { count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, webhookEndpoints } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { DomainError } from "@/lib/errors";
import { checkWebhookUrl } from "./check-webhook-url";
import { requireWebhookManager } from "./find-webhook-endpoint";
import { toWebhookEndpointView, webhookEndpointColumns } from "./webhook-endpoint-view";
import type { NewWebhookInput } from "./webhook-fields";
import { newWebhookSecret } from "./webhook-secret";

/** Endpoints an account may hold: each event is sent to every one of them. */
const MAX_WEBHOOK_ENDPOINTS = 10;

/** POST /api/webhooks and Settings → Webhooks: a new endpoint and its signing secret, in this answer only. */
export async function createWebhookEndpoint(db: Db, actor: Actor, input: NewWebhookInput) {
  const client = requireWebhookManager(actor);
  await checkWebhookUrl(input.url);
  return db.transaction(async (tx) => {
    // The account's row lock makes concurrent creations count one after the other.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, client.accountId)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, client.accountId));
    if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new DomainError(
        "limit_reached",
        `An account may hold at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`,
      );
    }
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ accountId: client.accountId, url: input.url, events: input.events, secret })
      .returning(webhookEndpointColumns);
    if (!row) throw new Error("webhook endpoint insert returned nothing");
    await recordAudit(tx, client, {
      action: "webhook.created",
      entityType: "webhook_endpoint",
      entityId: row.id,
      accountId: client.accountId,
      detail: { url: row.url, events: row.events },
    });
    return { ...toWebhookEndpointView(row), secret };
  });
}
export type CreatedWebhookEndpoint = Awaited<ReturnType<typeof createWebhookEndpoint>>;
