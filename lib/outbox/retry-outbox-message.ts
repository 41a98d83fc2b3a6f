import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outboxMessages } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError, notFound } from "@/lib/errors";
import { staffRecipients } from "@/lib/notifications/staff-recipients";

/**
 * Puts a failed message back in the queue with a fresh schedule, due now. A message that had no
 * recipients takes the current staff list, so fixing STAFF_NOTIFY_EMAIL or adding staff and retrying works.
 */
export async function retryOutboxMessage(db: Db, actor: Actor, id: number): Promise<void> {
  const employee = requireEmployee(actor, "retry outbox mail");
  await db.transaction(async (tx) => {
    const [message] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for("update");
    if (!message) throw notFound(`Outbox message ${id}`);
    if (message.status !== "failed") {
      throw new DomainError(
        "invalid_transition",
        `Only failed messages can be retried; message ${id} is ${message.status}.`,
      );
    }
    await tx
      .update(outboxMessages)
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: now(),
        recipients: message.recipients.length ? message.recipients : await staffRecipients(tx),
      })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, "failed")));
    await recordAudit(tx, employee, {
      action: "outbox.retried",
      entityType: "outbox_message",
      entityId: id,
      accountId: null,
      detail: { attempts: message.attempts, lastError: message.lastError },
    });
  });
}
