import { and, eq, inArray, lt } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { events, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { now } from "@/lib/clock";

/** Events are kept, and deliveries of an endpoint that is off wait, this long (docs/webhooks.md). */
const EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * The job loop's clean-up: a delivery still waiting after 30 days for its endpoint to be turned on is `expired` (it is
 * never sent; the delivery log shows it), and events older than 30 days are deleted (GET /api/events no longer lists
 * them; the deliveries keep their bodies). Answers how many of each.
 */
export async function expireEvents(db: Conn): Promise<{ deliveries: number; events: number }> {
  const before = new Date(now().getTime() - EVENT_RETENTION_MS);
  const off = db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, false));
  const expired = await db
    .update(webhookDeliveries)
    .set({ status: "expired" })
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lt(webhookDeliveries.dateAdded, before),
        inArray(webhookDeliveries.endpointId, off),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  const deleted = await db.delete(events).where(lt(events.created, before)).returning({ id: events.id });
  return { deliveries: expired.length, events: deleted.length };
}
