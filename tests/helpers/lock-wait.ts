import { sql } from "drizzle-orm";
import { inject, vi } from "vitest";
import type { Db } from "@/db/client";

/**
 * Resolves once a call the test started is waiting for a lock that the test's open transaction holds, so that what
 * the test proves next (the call waited, and re-checked after the commit) is about a real race.
 * PostgreSQL: another session shows an ungranted lock in pg_locks. PGlite has one session: the call's first
 * statement queues behind the open transaction in the client, which happens once the call has run up to it
 * (the event loop has gone round); there is no lock wait to observe.
 */
export async function untilWaitingForLock(db: Db): Promise<void> {
  if (inject("dbTemplate").driver === "pglite") {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  await vi.waitFor(
    async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_locks where not granted and pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n === 0) throw new Error("Nothing waits for a lock yet");
    },
    { timeout: 10_000, interval: 5 },
  );
}
