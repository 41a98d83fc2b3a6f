import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passwordTokens, users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { assertNotLastAdmin, lockManagedUser, requirePeopleManager } from "./people-permissions";

/**
 * Switches a person off: they cannot sign in, their sessions end at once, and their unused password links stop
 * working. Client admins deactivate people of their own account, employees anyone; never the account's last admin.
 */
export async function deactivatePerson(db: Db, actor: Actor, userId: number) {
  const manager = requirePeopleManager(actor);
  return db.transaction(async (tx) => {
    const user = await lockManagedUser(tx, manager, userId);
    if (user.deactivatedAt) return { accountId: user.accountId };
    await assertNotLastAdmin(tx, user);
    await tx
      .update(users)
      .set({ deactivatedAt: now(), sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
    await tx
      .update(passwordTokens)
      .set({ usedAt: now() })
      .where(and(eq(passwordTokens.userId, user.id), isNull(passwordTokens.usedAt)));
    await recordAudit(tx, manager, {
      action: "user.deactivated",
      entityType: "user",
      entityId: user.id,
      accountId: user.accountId,
      detail: { email: user.email },
    });
    return { accountId: user.accountId };
  });
}

/** Lets a deactivated person sign in again (with their old password; their old sessions stay ended). */
export async function reactivatePerson(db: Db, actor: Actor, userId: number) {
  const manager = requirePeopleManager(actor);
  return db.transaction(async (tx) => {
    const user = await lockManagedUser(tx, manager, userId);
    if (!user.deactivatedAt) return { accountId: user.accountId };
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, user.id));
    await recordAudit(tx, manager, {
      action: "user.reactivated",
      entityType: "user",
      entityId: user.id,
      accountId: user.accountId,
      detail: { email: user.email },
    });
    return { accountId: user.accountId };
  });
}
