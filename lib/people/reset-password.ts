import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Conn, Db } from "@/db/client";
import { passwordTokens, users } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { hashOneTimeToken } from "./one-time-token";
import { newPasswordHash } from "./password-hash";
import { usablePasswordToken } from "./password-tokens";
import type { resetPasswordInput } from "./schemas";

const notValid = () =>
  new DomainError(
    "not_found",
    "This link is not valid any more: it was used, replaced by a newer one, or it expired. Ask for a new one with “Forgot password?”.",
  );

/** What the reset page shows for a link, or null when it cannot be used. */
export async function findPasswordToken(db: Conn, token: string) {
  const [row] = await usablePasswordToken(db, hashOneTimeToken(token));
  return row ? { purpose: row.token.purpose, email: row.user.email, name: row.user.name } : null;
}

/**
 * Sets the user's password through a one-time link, once: every other session of the user ends, and every other
 * unused password link of theirs stops working. Returns the email to sign in with.
 */
export async function resetPassword(db: Db, token: string, input: z.output<typeof resetPasswordInput>) {
  return db.transaction(async (tx) => {
    const [row] = await usablePasswordToken(tx, hashOneTimeToken(token)).for("update", { of: passwordTokens });
    if (!row) throw notValid();
    const { user } = row;
    const passwordHash = await newPasswordHash(input.password, user);
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
    await tx
      .update(passwordTokens)
      .set({ usedAt: now() })
      .where(and(eq(passwordTokens.userId, user.id), isNull(passwordTokens.usedAt)));
    await recordAudit(
      tx,
      { kind: user.role, name: user.name },
      {
        action: row.token.purpose === "reset" ? "user.password_reset" : "user.password_set",
        entityType: "user",
        entityId: user.id,
        accountId: user.accountId,
      },
    );
    return { email: user.email };
  });
}
