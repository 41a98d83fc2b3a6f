import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import type { ClientRole } from "@/lib/auth/client-roles";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertNotLastAdmin, lockManagedUser, requirePeopleManager } from "./people-permissions";
import { requireClientStaffUser } from "./person-rules";

/**
 * Makes client staff an admin or a member of their account. Their sessions end (they sign in again with the new
 * role); the last admin cannot be demoted.
 */
export async function changeClientRole(db: Db, actor: Actor, userId: number, role: ClientRole) {
  const manager = requirePeopleManager(actor);
  return db.transaction(async (tx) => {
    const user = await lockManagedUser(tx, manager, userId);
    requireClientStaffUser(user);
    if (user.clientRole === role) return { accountId: user.accountId };
    if (role === "member") await assertNotLastAdmin(tx, user);
    await tx
      .update(users)
      .set({ clientRole: role, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
    await recordAudit(tx, manager, {
      action: "user.role_changed",
      entityType: "user",
      entityId: user.id,
      accountId: user.accountId,
      detail: { email: user.email, from: user.clientRole, to: role },
    });
    return { accountId: user.accountId };
  });
}
