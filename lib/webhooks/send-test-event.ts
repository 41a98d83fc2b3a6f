import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { env } from "@/env";
import { events, webhookDeliveries } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { countAndLimit } from "@/lib/rate-limit";
import { WEBHOOK_EVENTS } from "./events";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";
import { toWebhookDeliveryView, webhookDeliveryColumns, type WebhookDeliveryView } from "./webhook-delivery-view";

/** POST /api/webhooks/{id}/test: the type to send (absent: the endpoint's first). */
export const testEventInput = z.strictObject({
  type: z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` }).optional(),
});
export type TestEventInput = z.output<typeof testEventInput>;

/**
 * POST /api/webhooks/{id}/test and the portal's "Send test event": one delivery, due at once and signed like any
 * other, whose body says `"test": true` and has an id of its own (`evt_test_…`, never listed by GET /api/events). Its
 * `data` is that of the account's latest event of the type, so it has the shape real ones have; null when there is
 * none yet. Counted with resends (WEBHOOK_RESENDS_PER_HOUR): each is a delivery attempt.
 */
export async function sendTestEvent(
  db: Db,
  actor: Actor,
  endpointId: number,
  input: TestEventInput,
): Promise<WebhookDeliveryView> {
  const client = requireWebhookManager(actor);
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, client.accountId, endpointId);
    await countAndLimit(
      tx,
      [{ scope: `webhook-resend:${client.accountId}`, limit: env().WEBHOOK_RESENDS_PER_HOUR }],
      3_600_000,
      "webhook resends and test events from this account",
    );
    const type = input.type ?? endpoint.events[0]!;
    const [latest] = await tx
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.accountId, client.accountId), eq(events.type, type)))
      .orderBy(desc(events.id))
      .limit(1);
    const at = now();
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId,
        messageId: `msg_${randomUUID()}`,
        event: type,
        payload: {
          id: `evt_test_${randomUUID()}`,
          type,
          timestamp: at.toISOString(),
          test: true,
          data: latest?.data ?? null,
        },
        nextAttemptAt: at,
        dateAdded: at,
      })
      .returning(webhookDeliveryColumns);
    return toWebhookDeliveryView(row!);
  });
}
