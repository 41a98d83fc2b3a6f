import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { verifyPassword } from "@/lib/auth/passwords";
import { recordAudit } from "@/lib/audit/record-audit";
import { validationFailed } from "@/lib/errors";
import { ownUser } from "./own-user";
import { newPasswordHash } from "./password-hash";
import type { changePasswordInput } from "./schemas";

/**
 * Settings → Profile: everyone changes their own password, giving the current one. Every session of the user ends
 * (the caller signs the person in again with the new password). Returns the email to sign in with.
 */
export async function changePassword(db: Db, actor: Actor, input: z.output<typeof changePasswordInput>) {
  const user = await ownUser(db, actor);
  if (!user.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw validationFailed([{ path: "currentPassword", message: "is not your current password" }]);
  }
  const passwordHash = await newPasswordHash(input.password, user);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
    await recordAudit(tx, actor, {
      action: "user.password_changed",
      entityType: "user",
      entityId: user.id,
      accountId: user.accountId,
    });
  });
  return { email: user.email };
}
