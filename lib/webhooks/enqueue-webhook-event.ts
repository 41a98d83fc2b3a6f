import { randomUUID } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { now } from "@/lib/clock";
import type { WebhookEvent } from "./events";

/**
 * Writes one delivery per enabled endpoint of the account that wants `type`; call it inside the transaction of the
 * change, so the event exists exactly when the change does. `data` is built only when some endpoint wants it.
 */
export async function enqueueWebhookEvent(
  tx: Conn,
  event: { accountId: number; type: WebhookEvent; requestId: number | null; data: () => Promise<unknown> },
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, event.accountId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [event.type]),
      ),
    );
  if (endpoints.length === 0) return;
  const at = now();
  const payload = { type: event.type, timestamp: at.toISOString(), data: await event.data() };
  await tx.insert(webhookDeliveries).values(
    endpoints.map((e) => ({
      endpointId: e.id,
      messageId: `msg_${randomUUID()}`,
      event: event.type,
      requestId: event.requestId,
      payload,
      nextAttemptAt: at,
      dateAdded: at,
    })),
  );
}
