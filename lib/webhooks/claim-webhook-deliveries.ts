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
 *
 * Shared fairly between accounts: each account's due deliveries are ranked oldest first, and an account gets at most
 * `perAccount` less what `inFlight` says it has under way in this process; the claim takes every account's first
 * turn before anyone's second. So one account's backlog (or its endpoints that never answer) cannot take every
 * delivery slot, and another account's event goes out in the next claim.
 */
export async function claimWebhookDeliveries(
  db: Conn,
  limit: number,
  {
    perAccount = limit,
    inFlight = new Map<number, number>(),
  }: { perAccount?: number; inFlight?: Map<number, number> } = {},
) {
  const at = now();
  const turn = sql<number>`row_number() over (partition by ${webhookEndpoints.accountId} order by ${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.id})`;
  const ranked = db
    .select({
      id: webhookDeliveries.id,
      accountId: webhookEndpoints.accountId,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      turn: turn.as("turn"),
    })
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
    .as("ranked");
  const busy = JSON.stringify(Object.fromEntries(inFlight));
  const picked = db
    .select({ id: ranked.id })
    .from(ranked)
    .where(sql`${ranked.turn} <= ${perAccount} - coalesce((${busy}::jsonb ->> ${ranked.accountId}::text)::int, 0)`)
    .orderBy(asc(ranked.turn), asc(ranked.nextAttemptAt), asc(ranked.id))
    .limit(limit);
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    // The ranking read the statement's snapshot; the row lock re-checks only this scan's own conditions against the
    // row's newest version, so they repeat "still due": a delivery another sender claimed (and committed) meanwhile
    // is then passed over instead of claimed twice.
    .where(
      and(
        inArray(webhookDeliveries.id, picked),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, at),
      ),
    )
    .for("update", { skipLocked: true });
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
