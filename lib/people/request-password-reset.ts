import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passwordTokens, users } from "@/db/schema";
import { normalizeEmail } from "@/lib/auth/users";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { enqueueOneTimeMail, resetMail } from "./one-time-mail";
import { insertPasswordToken } from "./password-tokens";

/** Reset mails per user per hour; more requests are answered the same way but send nothing (no mailbox flooding). */
const RESETS_PER_HOUR = 3;

/**
 * "Forgot password?": mails an active user a one-time reset link (valid 1 hour). The caller answers the same way
 * whether or not the email belongs to anyone, so this returns nothing.
 */
export async function requestPasswordReset(db: Db, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, normalizeEmail(email)), isNull(users.deactivatedAt)))
      .for("update");
    if (!user) return;
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordTokens)
      .where(
        and(
          eq(passwordTokens.userId, user.id),
          eq(passwordTokens.purpose, "reset"),
          gt(passwordTokens.dateAdded, new Date(now().getTime() - 60 * 60_000)),
        ),
      );
    if ((recent?.n ?? 0) >= RESETS_PER_HOUR) return;
    const { link, expiresAt } = await insertPasswordToken(tx, user.id, "reset");
    await enqueueOneTimeMail(tx, { to: user.email, ...resetMail({ name: user.name, link, expiresAt }) });
    await recordAudit(
      tx,
      { kind: "system", name: "Forgot-password form" },
      {
        action: "user.password_reset_requested",
        entityType: "user",
        entityId: user.id,
        accountId: user.accountId,
      },
    );
  });
}
