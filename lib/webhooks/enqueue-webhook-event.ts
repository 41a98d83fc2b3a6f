import { randomUUID } from "node:crypto";
import { and, arrayOverlaps, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { events, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { now } from "@/lib/clock";
import { publicEventId } from "./event-id";
import type { WebhookEvent } from "./events";

/**
 * Older names an endpoint may still be subscribed to: it gets the event under the name it subscribed to
 * (docs/decisions/sales-alert-event.md).
 */
const DEPRECATED_ALIASES: Partial<Record<WebhookEvent, WebhookEvent>> = { "sales.alert": "sales.threshold_reached" };

/**
 * Stores the event (GET /api/events) and writes one delivery per endpoint of the account that wants `type`, on or off
 * (an endpoint that is off keeps its deliveries waiting until it is turned on: docs/webhooks.md). Call it inside the
 * transaction of the change, so the event exists exactly when the change does. `position` stays null: it is given
 * once this transaction has committed (positionEvents).
 */
export async function enqueueWebhookEvent(
  tx: Conn,
  event: { accountId: number; type: WebhookEvent; requestId: number | null; data: () => Promise<unknown> },
): Promise<void> {
  const at = now();
  const data = await event.data();
  const [stored] = await tx
    .insert(events)
    .values({ accountId: event.accountId, type: event.type, requestId: event.requestId, data, created: at })
    .returning({ id: events.id });
  const alias = DEPRECATED_ALIASES[event.type];
  const names = alias ? [event.type, alias] : [event.type];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, event.accountId), arrayOverlaps(webhookEndpoints.events, names)));
  if (endpoints.length === 0) return;
  const id = publicEventId(stored!.id);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((e) => {
      const type = e.events.includes(event.type) ? event.type : alias!;
      return {
        endpointId: e.id,
        messageId: `msg_${randomUUID()}`,
        event: type,
        eventId: stored!.id,
        requestId: event.requestId,
        payload: { id, type, timestamp: at.toISOString(), data },
        nextAttemptAt: at,
        dateAdded: at,
      };
    }),
  );
}
