import type { PGlite } from "@electric-sql/pglite";
import type { DbHandle } from "@/db/client";

// A file of the integration suite starts from the migrated template. On PGlite, starting an instance from the
// template's dump costs far more than a file's own tests often do, so files that share a worker (integration-shared,
// no isolation) share its instance too: before each file after the first, the instance is put back exactly as the
// template left it. tests/integration/test-db-reset.test.ts proves the reset leaves nothing behind.

/** Where the reference rows the migrations inserted (formats, statutory rates, fee schedules…) are kept. */
const BASELINE = "coverdesk_test_baseline";

export type ResettableDb = { handle: DbHandle; reset(): Promise<void> };

/** The PGlite client under a handle's drizzle database. */
export const clientOf = (handle: DbHandle) => (handle.db as unknown as { $client: PGlite }).$client;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Records what the freshly started template holds (the rows of every table that has any, every sequence's
 * position) and returns a reset that restores exactly that: every table emptied, the recorded rows copied back,
 * the sequences set back, the session's settings, locks and listeners discarded.
 */
export async function resettable(handle: DbHandle): Promise<ResettableDb> {
  const client = clientOf(handle);
  const tables = (
    await client.query<{ name: string; columns: string; rows: boolean }>(
      `select c.relname as name,
              string_agg(format('%I', a.attname), ', ' order by a.attnum) filter (where a.attgenerated = '') as columns,
              c.reltuples <> 0 as rows
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        group by c.relname, c.reltuples
        order by c.relname`,
    )
  ).rows;
  // reltuples is an estimate (-1 before the first vacuum): count where it is not sure.
  const withRows: typeof tables = [];
  for (const t of tables) {
    const n = (await client.query<{ n: number }>(`select count(*)::int as n from public.${ident(t.name)}`)).rows[0]!.n;
    if (n > 0) withRows.push(t);
  }
  const sequences = (
    await client.query<{ name: string; last_value: string | null; start_value: string }>(
      `select sequencename as name, last_value::text, start_value::text from pg_sequences where schemaname = 'public'`,
    )
  ).rows;

  await client.exec(
    [
      `create schema ${BASELINE}`,
      ...withRows.map((t) => `create table ${BASELINE}.${ident(t.name)} as table public.${ident(t.name)}`),
    ]
      .map((s) => `${s};`)
      .join("\n"),
  );

  const resetScript = [
    // Triggers and foreign keys off while the reference rows go back in: they were checked when first inserted.
    "set session_replication_role = replica",
    `truncate ${tables.map((t) => `public.${ident(t.name)}`).join(", ")} restart identity cascade`,
    ...withRows.map(
      (t) =>
        `insert into public.${ident(t.name)} (${t.columns}) overriding system value select ${t.columns} from ${BASELINE}.${ident(t.name)}`,
    ),
    ...sequences.map((s) =>
      s.last_value === null
        ? `select setval('public.${ident(s.name)}', ${s.start_value}, false)`
        : `select setval('public.${ident(s.name)}', ${s.last_value}, true)`,
    ),
  ]
    .map((s) => `${s};`)
    .join("\n");

  return {
    handle,
    async reset() {
      // A file that failed half way may have left a transaction open.
      if (client.isInTransaction()) await client.exec("rollback");
      await client.exec(resetScript);
      // Settings, prepared statements, temporary tables, advisory locks and LISTENs of the previous file.
      await client.exec("discard all");
    },
  };
}
