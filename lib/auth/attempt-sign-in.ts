import type { Db } from "@/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { clearFailures, countFailure, emailScope, ipScope, lockedUntil } from "./sign-in-throttle";
import { normalizeEmail, verifyCredentials, type SessionUser } from "./users";

export type SignInOutcome = { ok: true; user: SessionUser } | { ok: false; lockedUntil: Date | null };

const SYSTEM = { kind: "system", name: "Sign-in" } as const;

/**
 * A password sign-in, throttled in PostgreSQL per email and per client IP (lib/auth/sign-in-throttle.ts). The
 * answer reads the same whether or not a user has the email: failures and lockouts are counted for any email, and
 * an unknown email costs a password hash like a known one. Every sign-in, failure and lockout is an audit event.
 */
export async function attemptSignIn(
  db: Db,
  input: { email: string; password: string; ip: string | null },
): Promise<SignInOutcome> {
  const email = normalizeEmail(input.email);
  const scopes = [emailScope(email), ...(input.ip ? [ipScope(input.ip)] : [])];
  const at = now();
  const locked = await lockedUntil(db, scopes, at);
  const user = locked ? null : await verifyCredentials(db, email, input.password);
  return db.transaction(async (tx) => {
    if (user) {
      await clearFailures(tx, emailScope(email));
      await recordAudit(
        tx,
        { kind: user.role, name: user.name },
        {
          action: "sign_in",
          entityType: "user",
          entityId: user.id,
          accountId: user.accountId,
          detail: { email, ip: input.ip },
        },
      );
      return { ok: true, user };
    }
    const failure = { entityType: "email", entityId: email, accountId: null };
    await recordAudit(tx, SYSTEM, {
      ...failure,
      action: "sign_in_failed",
      detail: { email, ip: input.ip, locked: locked !== null },
    });
    if (locked) return { ok: false, lockedUntil: locked };
    const newLocks = await countFailure(tx, scopes, at);
    for (const lock of newLocks) {
      await recordAudit(tx, SYSTEM, {
        ...failure,
        action: "lockout",
        detail: { email, ip: input.ip, scope: lock.scope, until: lock.lockedUntil.toISOString() },
      });
    }
    const until = newLocks.reduce<Date | null>(
      (latest, l) => (!latest || l.lockedUntil > latest ? l.lockedUntil : latest),
      null,
    );
    return { ok: false, lockedUntil: until };
  });
}
