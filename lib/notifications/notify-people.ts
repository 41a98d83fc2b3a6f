import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { digestItems, notificationKindEnum, notificationPreferences, outboxMessages, users } from "@/db/schema";
import { now } from "@/lib/clock";

export const NOTIFICATION_KINDS = notificationKindEnum.enumValues;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** One person a notification is for: a user, so that their preference and their unsubscribe link apply. */
export type Addressee = { userId: number; email: string };

/** An account's client staff who can be mailed: its active client users (never a licensee user). */
export async function clientStaffOf(db: Conn, accountId: number): Promise<Addressee[]> {
  return db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, "client"), eq(users.accountId, accountId), isNull(users.deactivatedAt)));
}

/** A licensee's active licensee users. */
export async function licenseeUsersOf(db: Conn, licenseeId: string): Promise<Addressee[]> {
  return db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, "licensee"), eq(users.licenseeId, licenseeId), isNull(users.deactivatedAt)));
}

/**
 * Writes an optional notification for each person, in the caller's transaction, as each chose for its kind (Settings
 * → Profile): `immediate` (no choice made) a mail of its own through the outbox, carrying that kind's one-click
 * unsubscribe; `daily` an item of the next daily digest; `off` nothing.
 */
export async function notifyPeople(
  db: Conn,
  people: Addressee[],
  mail: {
    kind: NotificationKind;
    purpose: "client_notification" | "licensee_notification";
    subject: string;
    body: string;
  },
): Promise<void> {
  const unique = [...new Map(people.map((p) => [p.userId, p])).values()];
  if (unique.length === 0) return;
  const chosen = await db
    .select({ userId: notificationPreferences.userId, mode: notificationPreferences.mode })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.kind, mail.kind),
        inArray(
          notificationPreferences.userId,
          unique.map((p) => p.userId),
        ),
      ),
    );
  const mode = new Map(chosen.map((c) => [c.userId, c.mode]));
  const at = now();
  const immediate = unique.filter((p) => (mode.get(p.userId) ?? "immediate") === "immediate");
  const daily = unique.filter((p) => mode.get(p.userId) === "daily");
  if (immediate.length > 0)
    await db.insert(outboxMessages).values(
      immediate.map((p) => ({
        purpose: mail.purpose,
        recipients: [p.email],
        userId: p.userId,
        kind: mail.kind,
        subject: mail.subject,
        body: mail.body,
        nextAttemptAt: at,
        dateAdded: at,
      })),
    );
  if (daily.length > 0)
    await db.insert(digestItems).values(
      daily.map((p) => ({
        userId: p.userId,
        kind: mail.kind,
        subject: mail.subject,
        body: mail.body,
        dateAdded: at,
      })),
    );
}
