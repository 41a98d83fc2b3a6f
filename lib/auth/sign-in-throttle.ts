import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { signInThrottles } from "@/db/schema";

/** Failures counted together while each follows the last within this window. */
const WINDOW_MS = 15 * 60_000;
/** Failures in a row that lock a scope: an email (one account, existing or not) or a client IP (many accounts). */
const EMAIL_THRESHOLD = 5;
const IP_THRESHOLD = 50;
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 60 * 60_000;

export const emailScope = (email: string) => `email:${email}`;
export const ipScope = (ip: string) => `ip:${ip}`;

/** When the scope that locks the longest is free again, or null when none of `scopes` is locked at `at`. */
export async function lockedUntil(db: Conn, scopes: string[], at: Date): Promise<Date | null> {
  const rows = await db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(and(inArray(signInThrottles.scope, scopes), gt(signInThrottles.lockedUntil, at)));
  return rows.reduce<Date | null>(
    (latest, r) => (r.lockedUntil && (!latest || r.lockedUntil > latest) ? r.lockedUntil : latest),
    null,
  );
}

/**
 * Counts a failed sign-in against each scope, in one statement shared by every server process. The failure that
 * reaches a scope's threshold locks it for a minute; each further failure of the same run (after the lock ends)
 * locks it twice as long, up to an hour. Returns the scopes this failure locked, with their end.
 */
export async function countFailure(
  db: Conn,
  scopes: string[],
  at: Date,
): Promise<{ scope: string; lockedUntil: Date }[]> {
  const since = new Date(at.getTime() - WINDOW_MS).toISOString();
  const atIso = at.toISOString();
  const failures = sql`(case when ${signInThrottles.lastFailureAt} > ${since}::timestamptz then ${signInThrottles.failures} + 1 else 1 end)`;
  const threshold = sql`(case when ${signInThrottles.scope} like 'ip:%' then ${IP_THRESHOLD}::int else ${EMAIL_THRESHOLD}::int end)`;
  const lockMs = sql`least(${FIRST_LOCK_MS}::float8 * power(2::float8, (${failures} - ${threshold})::float8), ${LONGEST_LOCK_MS}::float8)`;
  const rows = await db
    .insert(signInThrottles)
    .values(scopes.map((scope) => ({ scope, failures: 1, lastFailureAt: at, lockedUntil: null })))
    .onConflictDoUpdate({
      target: signInThrottles.scope,
      set: {
        failures: failures,
        lastFailureAt: at,
        lockedUntil: sql`case when ${failures} >= ${threshold}
          then ${atIso}::timestamptz + ${lockMs} * interval '1 millisecond' else ${signInThrottles.lockedUntil} end`,
      },
    })
    .returning();
  return rows.flatMap((r) =>
    r.lockedUntil && r.lockedUntil > at ? [{ scope: r.scope, lockedUntil: r.lockedUntil }] : [],
  );
}

/** A successful sign-in clears the email's run of failures (not the IP's: one right password proves nothing there). */
export async function clearFailures(db: Conn, scope: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.scope, scope));
}
