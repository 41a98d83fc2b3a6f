import { and, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { outboxMessages, users } from "@/db/schema";
import { now } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";
import { withoutLicenseeAddresses } from "@/lib/notifications/staff-recipients";
import { unsubscribeFooter, unsubscribeUrl } from "@/lib/notifications/unsubscribe-footer";
import { mailHtml } from "./mail-html";
import { claimOutboxMessages, type ClaimedMessage } from "./claim-outbox-messages";
import { MailDeliveryError, type Mailer } from "./mailer";
import { MAX_ATTEMPTS, retryDelayMs } from "./retry-schedule";

const BATCH_SIZE = 10;
export const ERASED_BODY = "(erased once sent: it held a one-time link)";
export type DeliveryReport = { claimed: number; sent: number; retrying: number; failed: number };

/**
 * Claims one batch of due messages and sends each over the mailer, recording sent, a retry with backoff,
 * or failed (after MAX_ATTEMPTS, or at once when the server refuses the message permanently).
 */
async function deliverOutboxBatch(db: Conn, mailer: Mailer, limit = BATCH_SIZE): Promise<DeliveryReport> {
  const claimed = (await claimOutboxMessages(db, limit)).sort((a, b) => a.id - b.id);
  const report: DeliveryReport = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const message of claimed) report[await deliverOne(db, mailer, message)]++;
  return report;
}

/** Delivers until nothing is due; what one worker tick does. */
export async function drainOutbox(db: Conn, mailer: Mailer, limit = BATCH_SIZE): Promise<DeliveryReport> {
  const total: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const batch = await deliverOutboxBatch(db, mailer, limit);
    for (const k of Object.keys(total) as (keyof DeliveryReport)[]) total[k] += batch[k];
    if (batch.claimed < limit) return total;
  }
}

async function deliverOne(db: Conn, mailer: Mailer, message: ClaimedMessage): Promise<"sent" | "retrying" | "failed"> {
  // Still this sender's claim: same attempt, still pending.
  const ours = and(
    eq(outboxMessages.id, message.id),
    eq(outboxMessages.status, "pending"),
    eq(outboxMessages.attempts, message.attempts),
  );
  // Staff and client notifications never reach a licensee; a one-time link and a licensee's own news go to their
  // addressee, whoever that is (docs/product-rules.md, "Notifications").
  const oneTimeLink = message.purpose === "one_time_link";
  const to =
    oneTimeLink || message.purpose === "licensee_notification"
      ? message.recipients
      : await withoutLicenseeAddresses(db, message.recipients);
  const optional = await optionalParts(db, message);
  let error: MailDeliveryError;
  if (optional === "deactivated") {
    error = new MailDeliveryError("Not sent: the person was deactivated after it was written.", true);
  } else if (to.length === 0) {
    error = new MailDeliveryError(
      oneTimeLink
        ? "No recipient."
        : "No recipients: set STAFF_NOTIFY_EMAIL or add an employee user (licensee addresses are never used).",
      true,
    );
  } else {
    try {
      const { rejected } = await mailer.send({
        messageId: `<outbox-${message.id}.${message.dateAdded.getTime()}@${new URL(publicBaseUrl()).hostname}>`,
        to,
        subject: message.subject,
        text: message.body + (optional?.footer ?? ""),
        html: mailHtml(message.body + (optional?.footer ?? "")),
        ...(optional ? { headers: optional.headers } : {}),
      });
      await db
        .update(outboxMessages)
        .set({
          status: "sent",
          sentAt: now(),
          // The link is live until used or expired: once it is in the addressee's mailbox, we keep no copy.
          ...(oneTimeLink ? { body: ERASED_BODY } : {}),
          lastError: rejected.length ? `Refused by the server for: ${rejected.join(", ")}` : null,
        })
        .where(ours);
      return "sent";
    } catch (e) {
      error = e instanceof MailDeliveryError ? e : new MailDeliveryError(String(e), false);
    }
  }
  const giveUp = error.permanent || message.attempts >= MAX_ATTEMPTS;
  await db
    .update(outboxMessages)
    .set(
      giveUp
        ? { status: "failed", lastError: error.message }
        : { lastError: error.message, nextAttemptAt: new Date(now().getTime() + retryDelayMs(message.attempts)) },
    )
    .where(ours);
  return giveUp ? "failed" : "retrying";
}

/**
 * A message for one person (`userId`: one kind of news, or their daily digest when `kind` is null) carries their
 * one-click unsubscribe: the headers of RFC 8058 and a footer, made now from the person's token, which the outbox
 * never stores. Null for every other message.
 */
async function optionalParts(db: Conn, message: ClaimedMessage) {
  if (message.userId === null) return null;
  const [person] = await db
    .select({ token: users.unsubscribeToken, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, message.userId));
  if (!person || person.deactivatedAt !== null) return "deactivated" as const;
  const link = unsubscribeUrl(person.token, message.kind ?? "digest");
  return {
    footer: unsubscribeFooter(link, message.kind),
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
