import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { outboxMessages } from "@/db/schema";
import { now } from "@/lib/clock";

/** How long a claimed message belongs to its sender; after that a crashed sender's message is due again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Claims up to `limit` due messages for one sender. One statement: the due rows are locked with
 * FOR UPDATE SKIP LOCKED (concurrent senders take disjoint rows), their attempt is counted and their next
 * attempt moved past the lease, so no other sender sees them as due while this one is sending.
 * The returned `attempts` is the claim's token: results are only recorded while it still matches.
 */
export async function claimOutboxMessages(db: Conn, limit: number) {
  const at = now();
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, "pending"), lte(outboxMessages.nextAttemptAt, at)))
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
}
export type ClaimedMessage = Awaited<ReturnType<typeof claimOutboxMessages>>[number];
