import { and, eq, gt, isNull } from "drizzle-orm";
import type { Conn, Tx } from "@/db/client";
import { passwordTokens, users } from "@/db/schema";
import { now } from "@/lib/clock";
import { oneTimeLink } from "./one-time-mail";
import { newOneTimeToken, RESET_TTL_MS, SET_PASSWORD_TTL_MS } from "./one-time-token";

type Purpose = (typeof passwordTokens.$inferInsert)["purpose"];

/**
 * Makes a one-time password link for the user: a reset (1 hour) or a first password (7 days). It replaces every
 * unused link of theirs, as the reset page says: only the newest mail's link works.
 */
export async function insertPasswordToken(tx: Tx, userId: number, purpose: Purpose) {
  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(now().getTime() + (purpose === "reset" ? RESET_TTL_MS : SET_PASSWORD_TTL_MS));
  await tx
    .update(passwordTokens)
    .set({ usedAt: now() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
  await tx.insert(passwordTokens).values({ userId, purpose, tokenHash: hash, expiresAt, dateAdded: now() });
  return { link: oneTimeLink("reset-password", token), expiresAt };
}

/** A password token that can still be used (unused, unexpired, its user active), with its user. */
export function usablePasswordToken(db: Conn, tokenHash: string) {
  return db
    .select({ token: passwordTokens, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now()),
        isNull(users.deactivatedAt),
      ),
    );
}
