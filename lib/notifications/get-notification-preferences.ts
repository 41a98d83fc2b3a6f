import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationPreferences } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { forbidden } from "@/lib/errors";
import { KINDS_FOR_ROLE, type Kind, type Mode } from "./notification-kinds";
import { NOTIFICATION_KINDS } from "./notify-people";

// The enum and the form's list must name the same kinds.
const SAME_KINDS: [Kind, (typeof NOTIFICATION_KINDS)[number]] extends [(typeof NOTIFICATION_KINDS)[number], Kind]
  ? true
  : never = true;
void SAME_KINDS;

/** The portal user's own notifications may be chosen: a client or licensee user, never an API key or an employee. */
export function ownNotificationUser(actor: Actor): { userId: number; kinds: readonly Kind[] } {
  if (actor.userId === null) throw forbidden("Only people signed in to the portal choose their email notifications.");
  const kinds = KINDS_FOR_ROLE[actor.kind];
  if (kinds.length === 0) throw forbidden("Service staff have no optional email notifications to choose.");
  return { userId: actor.userId, kinds };
}

/** Settings → Profile: the caller's choice for each kind they hear about (`immediate` where they chose nothing). */
export async function getNotificationPreferences(db: Db, actor: Actor): Promise<{ kind: Kind; mode: Mode }[]> {
  const { userId, kinds } = ownNotificationUser(actor);
  const rows = await db
    .select({ kind: notificationPreferences.kind, mode: notificationPreferences.mode })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.mode]));
  return kinds.map((kind) => ({ kind, mode: chosen.get(kind) ?? "immediate" }));
}
