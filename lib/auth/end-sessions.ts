import { and, eq, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { users } from "@/db/schema";

/**
 * Ends every portal session of the user at once: each session carries the version it was signed in under, and
 * every request checks it against this one (lib/auth/session.ts). Returns the new version.
 */
export async function endAllSessions(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? 0;
}

/**
 * Ends every session of the user if `sessionVersion` is still current: a sign-out through any route (the portal's
 * button or Auth.js's own `/api/auth/signout`) ends the session everywhere. A stale session signing out moves nothing.
 */
export async function endSessionsSignedInAs(db: Conn, userId: number, sessionVersion: number): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.sessionVersion, sessionVersion)));
}
