import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { dailyDigests, outboxMessages, ownerNotices } from "@/db/schema";
import { env } from "@/env";
import { now, serviceHour } from "@/lib/clock";
import { noticeRows, noticeView, toServe } from "@/lib/licensing/list-notices";
import { deadlineWindow, noticeDueOn } from "@/lib/licensing/notice-due-on";
import { noticeDigestEmail } from "@/lib/notifications/notice-digest-email";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";
import { staffRecipients } from "@/lib/notifications/staff-recipients";
import { countDeadlines } from "@/lib/staff/list-queue";
import { unpaidPayouts } from "@/lib/statements/statement-run-view";

export type DigestRun = { day: string; notices: number; outboxMessageId: number | null };

/**
 * The daily job: from DIGEST_HOUR (the service's calendar) on, the first run of the day mails the employees the
 * unserved notices overdue and due within the week, and from the 15th the payouts to owners due by the 20th or overdue,
 * through the outbox; every other run that day, in this process
 * or any other on the same database, finds the day's row taken and does nothing. The row and the mail are written
 * in one transaction, so a crash leaves neither. Returns what this run did, or null when it had nothing to do.
 */
export async function runNoticeDigest(
  db: Db,
  at: Date = now(),
  digestHour = env().DIGEST_HOUR,
): Promise<DigestRun | null> {
  if (serviceHour(at) < digestHour) return null;
  const window = deadlineWindow(at);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(dailyDigests)
      .values({ day: window.today, notices: 0, dateAdded: at })
      .onConflictDoNothing()
      .returning({ day: dailyDigests.day });
    if (!claimed) return null;
    const rows = await noticeRows(tx)
      .where(and(toServe(), sql`${noticeDueOn()} <= ${window.soon}::date`))
      .orderBy(asc(noticeDueOn()), asc(ownerNotices.id));
    const notices = rows.map((row) => ({
      requestId: row.notice.requestId,
      songTitle: row.songTitle,
      ...noticeView(row, window.today),
    }));
    const [overdue, dueSoon] = [notices.filter((n) => n.overdue), notices.filter((n) => !n.overdue)];
    // From the 15th: the payouts due by this month's 20th (37 CFR 210.16) and any overdue, not paid yet.
    const payouts =
      Number(window.today.slice(8)) >= 15 ? await unpaidPayouts(tx, `${window.today.slice(0, 8)}20`, window.today) : [];
    if (notices.length === 0 && payouts.length === 0) return { day: window.today, notices: 0, outboxMessageId: null };
    const { subject, body } = noticeDigestEmail({
      today: window.today,
      overdue,
      dueSoon,
      openRequestsWithDeadlines: await countDeadlines(tx, window),
      payouts,
      baseUrl: publicBaseUrl(),
    });
    const [message] = await tx
      .insert(outboxMessages)
      .values({ recipients: await staffRecipients(tx), subject, body, nextAttemptAt: at, dateAdded: at })
      .returning({ id: outboxMessages.id });
    await tx
      .update(dailyDigests)
      .set({ notices: notices.length, outboxMessageId: message!.id })
      .where(eq(dailyDigests.day, window.today));
    return { day: window.today, notices: notices.length, outboxMessageId: message!.id };
  });
}
