import { count, desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { outboxMessages, outboxStatusEnum } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";

export const OUTBOX_STATUSES = outboxStatusEnum.enumValues;
type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export type ListOutboxInput = { status?: OutboxStatus; offset: number; limit: number };

/** The staff Outbox page: every message, newest first, with its state, attempts and last error. */
export async function listOutboxMessages(db: Conn, actor: Actor, input: ListOutboxInput) {
  requireEmployee(actor, "see the outbox");
  const where = input.status ? eq(outboxMessages.status, input.status) : undefined;
  const [items, [total], byStatus] = await Promise.all([
    db
      .select({
        id: outboxMessages.id,
        subject: outboxMessages.subject,
        recipients: outboxMessages.recipients,
        status: outboxMessages.status,
        attempts: outboxMessages.attempts,
        nextAttemptAt: outboxMessages.nextAttemptAt,
        lastError: outboxMessages.lastError,
        sentAt: outboxMessages.sentAt,
        wallPostId: outboxMessages.wallPostId,
        dateAdded: outboxMessages.dateAdded,
      })
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.dateAdded), desc(outboxMessages.id))
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(outboxMessages).where(where),
    db.select({ status: outboxMessages.status, n: count() }).from(outboxMessages).groupBy(outboxMessages.status),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
  for (const row of byStatus) counts[row.status] = row.n;
  return { items, total: total?.n ?? 0, counts };
}
export type OutboxListItem = Awaited<ReturnType<typeof listOutboxMessages>>["items"][number];
