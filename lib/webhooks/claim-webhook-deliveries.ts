import { and, asc, eq, inArray, isNotNull, lt, lte, ne, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Conn } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { now } from "@/lib/clock";
import { CLAIM_LEASE_MS } from "@/lib/outbox/claim-outbox-messages";

const earlier = alias(webhookDeliveries, "earlier");

/**
 * Claims up to `limit` due deliveries of enabled endpoints, like the outbox's claim (FOR UPDATE SKIP LOCKED, attempt
 * counted, next attempt moved past the lease), taking only the first unsent event of each request per endpoint: a
 * later event of the same request waits until the earlier one is sent (in order per request).
 */
export async function claimWebhookDeliveries(db: Conn, limit: number) {
  const at = now();
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, at),
        eq(webhookEndpoints.enabled, true),
        or(
          sql`${webhookDeliveries.requestId} is null`,
          notExists(
            db
              .select({ id: earlier.id })
              .from(earlier)
              .where(
                and(
                  eq(earlier.endpointId, webhookDeliveries.endpointId),
                  isNotNull(earlier.requestId),
                  eq(earlier.requestId, webhookDeliveries.requestId),
                  ne(earlier.status, "sent"),
                  lt(earlier.id, webhookDeliveries.id),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(limit)
    .for("update", { of: webhookDeliveries, skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: at,
      nextAttemptAt: new Date(at.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}
export type ClaimedDelivery = Awaited<ReturnType<typeof claimWebhookDeliveries>>[number];
