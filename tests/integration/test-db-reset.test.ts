import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, type DbHandle } from "@/db/client";
import { clientOf, resettable, type ResettableDb } from "../helpers/pglite-reset";
import { databaseSnapshot } from "../helpers/row-counts";

// Files that share a worker share its PGlite instance, reset between files (tests/helpers/pglite-reset.ts). A file
// must not see what an earlier one wrote, changed or left open: after the reset, the instance is the template again.

/** A PGlite instance in the template's state: from the run's dump, or migrated here when the run is on PostgreSQL. */
async function templatePglite(): Promise<DbHandle> {
  const template = inject("dbTemplate");
  if (template.driver === "pglite")
    return createDb({ driver: "pglite", loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
  const handle = await createDb({ driver: "pglite" });
  await handle.migrate();
  return handle;
}

/** What a file could notice of an earlier one: every row, every sequence's next value, the session's state. */
async function observable(client: PGlite, handle: DbHandle) {
  const rows = await databaseSnapshot(handle.db);
  const sequences = (
    await client.query<{ name: string; last_value: string | null }>(
      "select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by 1",
    )
  ).rows;
  const session = (
    await client.query<{
      timeout: string;
      role: string;
      locks: number;
      listening: number;
      prepared: number;
      temp: number;
    }>(
      `select current_setting('statement_timeout') as timeout, current_setting('session_replication_role') as role,
              (select count(*)::int from pg_locks where locktype = 'advisory') as locks,
              (select count(*)::int from pg_listening_channels()) as listening,
              (select count(*)::int from pg_prepared_statements) as prepared,
              (select count(*)::int from pg_class where relpersistence = 't') as temp`,
    )
  ).rows[0];
  return { rows, sequences, session, inTransaction: client.isInTransaction() };
}

describe("the PGlite instance a worker's files share", () => {
  let fresh: DbHandle;
  let reused: ResettableDb;
  beforeAll(async () => {
    [fresh, reused] = await Promise.all([templatePglite(), templatePglite().then(resettable)]);
  });
  afterAll(async () => {
    await Promise.all([fresh?.close(), reused?.handle.close()]);
  });

  it("is back to the template after a file wrote, changed reference rows and left its session dirty", async () => {
    const expected = await observable(clientOf(fresh), fresh);
    const client = clientOf(reused.handle);
    expect(await observable(client, reused.handle)).toEqual(expected);

    await client.listen("earlier_file", () => {});
    await client.exec(`
      insert into accounts (name) values ('Earlier file');
      update formats set title = title || ' (changed)';
      delete from statutory_rates where year = (select min(year) from statutory_rates);
      insert into fee_schedules (song_fee, reorder_basis_points, tiers, created_by_name)
        select song_fee + 1, reorder_basis_points, tiers, 'Earlier file' from fee_schedules limit 1;
      set statement_timeout = '5s';
      select pg_advisory_lock(42);
      prepare earlier_statement as select 1;
      create temporary table earlier_scratch (n int);
      begin;
      insert into accounts (name) values ('Left in an open transaction');`);
    const dirty = await observable(client, reused.handle);
    // The probe sees each kind of leftover, so an equal probe after the reset means none is left.
    expect(dirty.rows.accounts).not.toEqual(expected.rows.accounts);
    expect(dirty.rows.formats).not.toEqual(expected.rows.formats);
    expect(dirty.rows.statutory_rates).not.toEqual(expected.rows.statutory_rates);
    expect(dirty.rows.fee_schedules).not.toEqual(expected.rows.fee_schedules);
    expect(dirty.sequences).not.toEqual(expected.sequences);
    expect(dirty.session).toEqual({ timeout: "5s", role: "origin", locks: 1, listening: 1, prepared: 1, temp: 1 });
    expect(dirty.inTransaction).toBe(true);

    await reused.reset();
    expect(await observable(client, reused.handle)).toEqual(expected);
  });

  it("gives the next file the same ids a fresh instance would", async () => {
    const insert = "insert into accounts (name) values ('Next file') returning id";
    await clientOf(reused.handle).query(insert);
    await reused.reset();
    const [afterReset, fromFresh] = await Promise.all([
      clientOf(reused.handle).query(insert),
      clientOf(fresh).query(insert),
    ]);
    expect(afterReset.rows).toEqual(fromFresh.rows);
  });
});
