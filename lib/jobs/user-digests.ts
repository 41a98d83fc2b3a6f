import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { digestItems, outboxMessages, userDigests, users } from "@/db/schema";
import { env } from "@/env";
import { isoDay, now, serviceHour } from "@/lib/clock";

export type UserDigestRun = { day: string; digests: number; dropped: number };

const PURPOSE = {
  client: "client_notification",
  licensee: "licensee_notification",
  employee: "staff_notification",
} as const;

/**
 * The daily digests of people who chose `daily` for some news (Settings → Profile): from DIGEST_HOUR (the service's
 * calendar) on, each person with waiting items gets one mail listing them, oldest first, at most once a day. Per
 * person one transaction claims the day's row (another process that took it first wins: skip), writes the mail and
 * marks the items; items written after that wait for tomorrow's. A deactivated person's items are dropped unsent.
 * Null before the hour.
 */
export async function runUserDigests(
  db: Db,
  at: Date = now(),
  digestHour = env().DIGEST_HOUR,
): Promise<UserDigestRun | null> {
  if (serviceHour(at) < digestHour) return null;
  const day = isoDay(at);
  const waiting = await db
    .selectDistinct({ userId: digestItems.userId })
    .from(digestItems)
    .where(
      and(
        isNull(digestItems.digestDay),
        sql`not exists (select 1 from ${userDigests} where ${userDigests.userId} = ${digestItems.userId} and ${userDigests.day} = ${day})`,
      ),
    )
    .orderBy(asc(digestItems.userId));
  const run: UserDigestRun = { day, digests: 0, dropped: 0 };
  for (const { userId } of waiting) {
    const outcome = await db.transaction((tx) => digestOf(tx, userId, day, at));
    if (outcome === "sent") run.digests++;
    if (outcome === "dropped") run.dropped++;
  }
  return run;
}

async function digestOf(tx: Tx, userId: number, day: string, at: Date): Promise<"sent" | "dropped" | "skipped"> {
  const [person] = await tx
    .select({ email: users.email, role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!person || person.deactivatedAt !== null) {
    await tx.delete(digestItems).where(and(eq(digestItems.userId, userId), isNull(digestItems.digestDay)));
    return "dropped";
  }
  const [claimed] = await tx
    .insert(userDigests)
    .values({ userId, day, dateAdded: at })
    .onConflictDoNothing()
    .returning({ day: userDigests.day });
  if (!claimed) return "skipped";
  const items = await tx
    .select()
    .from(digestItems)
    .where(and(eq(digestItems.userId, userId), isNull(digestItems.digestDay)))
    .orderBy(asc(digestItems.id))
    .for("update");
  if (items.length === 0) return "skipped";
  const [message] = await tx
    .insert(outboxMessages)
    .values({
      purpose: PURPOSE[person.role],
      recipients: [person.email],
      userId,
      kind: null,
      subject: `Your CoverDesk digest for ${day}: ${items.length === 1 ? "1 update" : `${items.length} updates`}`,
      body: digestBody(items),
      nextAttemptAt: at,
      dateAdded: at,
    })
    .returning({ id: outboxMessages.id });
  await tx
    .update(userDigests)
    .set({ outboxMessageId: message!.id })
    .where(and(eq(userDigests.userId, userId), eq(userDigests.day, day)));
  await tx
    .update(digestItems)
    .set({ digestDay: day })
    .where(
      inArray(
        digestItems.id,
        items.map((i) => i.id),
      ),
    );
  return "sent";
}

/** Every item as its own mail would have said it: the subject as a heading, then its body. */
function digestBody(items: { subject: string; body: string }[]): string {
  const parts = items.map((item, i) => `${i + 1}. ${item.subject}\n\n${item.body.trim()}`);
  return `Here is what happened since your last digest, oldest first.\n\n${parts.join("\n\n----\n\n")}\n`;
}
