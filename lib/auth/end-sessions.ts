import { eq, sql } from "drizzle-orm";
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
