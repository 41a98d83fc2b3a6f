import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { createDb, type DbHandle } from "@/db/client";
import { adminQuery, databaseUrl } from "./db-template";

/**
 * For a migration's backfill: a database of the run's driver (an empty in-memory PGlite, or an empty database on the
 * PostgreSQL server, dropped afterwards) migrated up to the migration whose tag ends with `tagSuffix` (not included),
 * holding account `account` with one album, one release and `tracks` tracks written as that schema had them. `work` adds its rows, migrates on (`handle.migrate()`) and checks what the migration made of them.
 */
export async function withDatabaseBefore(
  tagSuffix: string,
  { account, tracks }: { account: string; tracks: number },
  work: (handle: DbHandle) => Promise<void>,
): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), "coverdesk-migrations-"));
  const template = inject("dbTemplate");
  const name = `coverdesk_before_${randomBytes(6).toString("hex")}`;
  if (template.driver === "pg") await adminQuery(template.url, `create database ${name}`);
  const handle = await createDb(
    template.driver === "pg" ? { driver: "pg", url: databaseUrl(template.url, name) } : { driver: "pglite" },
  );
  try {
    cpSync(path.join(process.cwd(), "db", "migrations"), folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    // The driver's own migrator, as db/client.ts's migrate() uses, on the shortened journal.
    const { migrate } = (
      handle.driver === "pg"
        ? await import("drizzle-orm/node-postgres/migrator")
        : await import("drizzle-orm/pglite/migrator")
    ) as { migrate: (db: unknown, config: { migrationsFolder: string }) => Promise<void> };
    await migrate(handle.db, { migrationsFolder: folder });
    await handle.db.execute(sql`
      with a as (insert into accounts (name) values (${account}) returning id),
      l as (insert into licensees (account_id, company_name, last_name) select id, 'Early LLC', 'Early' from a returning id, account_id),
      al as (insert into albums (account_id, licensee_id, title, artist) select account_id, id, 'Early', 'Early' from l returning id, account_id)
      insert into releases (account_id, album_id, format_id, release_month, release_year, release_quantity) select account_id, id, 1001, 1, 2027, 1000 from al`);
    await handle.db.execute(sql`
      insert into tracks (account_id, album_id, song_title) select r.account_id, r.album_id, 'Early ' || g from releases r, generate_series(1, ${tracks}) g`);
    await work(handle);
  } finally {
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
    if (template.driver === "pg") await adminQuery(template.url, `drop database if exists ${name} with (force)`);
  }
}

/** A request on each track of `withDatabaseBefore`'s release, in `status`, with the columns every schema since has had. */
export const insertEarlyRequests = (handle: DbHandle, status: string) =>
  handle.db.execute(sql`
    insert into requests (account_id, track_id, release_id, kind, status_code, royalty_per_unit, royalty_quantity, royalty_total, service_fee, fee_schedule_id)
    select t.account_id, t.id, r.id, 'initial', ${status}::status_code, 1310, 1000, 1310000, 1500, (select min(id) from fee_schedules)
    from tracks t join releases r on r.album_id = t.album_id`);
