import { and, eq, inArray, sql } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { notificationPreferences } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { validationFailed } from "@/lib/errors";
import { now } from "@/lib/clock";
import { ownNotificationUser } from "./get-notification-preferences";
import { type Kind, type Mode, type NotificationPreferences } from "./notification-kinds";

/** Settings → Profile: the caller's own choice per kind; a kind their role does not hear about is refused. */
export async function setNotificationPreferences(db: Db, actor: Actor, input: NotificationPreferences): Promise<void> {
  const { userId, kinds } = ownNotificationUser(actor);
  const given = Object.entries(input).filter(([, mode]) => mode !== undefined) as [Kind, Mode][];
  const foreign = given.filter(([kind]) => !kinds.includes(kind));
  if (foreign.length > 0)
    throw validationFailed(foreign.map(([kind]) => ({ path: kind, message: "is not news you receive" })));
  await db.transaction((tx) => writePreferences(tx, userId, given));
}

/** Writes choices for one user; `immediate` is the absence of a row (db/schema/outbox.ts). */
export async function writePreferences(db: Conn, userId: number, choices: [Kind, Mode][]): Promise<void> {
  const immediate = choices.filter(([, m]) => m === "immediate").map(([k]) => k);
  const chosen = choices.filter(([, m]) => m !== "immediate");
  if (immediate.length > 0)
    await db
      .delete(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), inArray(notificationPreferences.kind, immediate)));
  if (chosen.length > 0)
    await db
      .insert(notificationPreferences)
      .values(chosen.map(([kind, mode]) => ({ userId, kind, mode, dateUpdated: now() })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { mode: sql`excluded.mode`, dateUpdated: sql`excluded.date_updated` },
      });
}
