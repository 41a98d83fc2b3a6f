import { count, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  albums,
  auditEvents,
  idempotencyKeys,
  licensees,
  outboxMessages,
  releases,
  releaseTracks,
  requests,
  requestStatusEvents,
  tracks,
  wallPosts,
} from "@/db/schema";

const TABLES = {
  licensees,
  albums,
  tracks,
  releases,
  releaseTracks,
  requests,
  requestStatusEvents,
  auditEvents,
  idempotencyKeys,
  wallPosts,
  outboxMessages,
};

/** How many rows each table of a request holds, to prove that a call created (or changed) nothing. */
export async function rowCounts(db: Db): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(
      async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]!.n] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}

/** Every row of every table, as one digest per table: equal snapshots mean nothing was written (rows added, changed or removed). */
export async function databaseSnapshot(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digests = await db.execute<{ name: string; digest: string | null }>(
    sql.raw(
      tables.rows
        .map(
          ({ name }) =>
            `select '${name}' as name, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
        )
        .join(" union all "),
    ),
  );
  return Object.fromEntries(digests.rows.map((r) => [r.name, r.digest ?? ""]));
}

/**
 * Per table, how many rows it holds and the newest transaction that wrote one of them (`xmin`): equal marks mean no
 * transaction committed a write in between, since an insert or update stamps its rows with a transaction id newer
 * than every earlier one and a delete lowers the count. Far cheaper than `databaseSnapshot` (no row is read as text,
 * nothing sorted), for the checks made before and after every refused call. Sound on one database while no other
 * transaction runs at the same time and nothing freezes rows (PGlite runs no autovacuum); to compare two databases,
 * use `databaseSnapshot`.
 */
export async function writeMarks(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const marks = await db.execute<{ name: string; mark: string }>(
    sql.raw(
      tables.rows
        .map(
          ({ name }) =>
            `select '${name}' as name, count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) as mark from "${name}" t`,
        )
        .join(" union all "),
    ),
  );
  return Object.fromEntries(marks.rows.map((r) => [r.name, r.mark]));
}
