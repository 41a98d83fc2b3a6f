import { asc, sql } from "drizzle-orm";
import type { Conn, Tx } from "@/db/client";
import { formats, statutoryRates } from "@/db/schema";
import { latestRateYear, type RateTable } from "./compute-royalty";

// Formats are reference data only migrations write; a year's statutory rates are added by staff (enterStatutoryRates),
// never changed. Each database handle reads them once (a transaction passed in, such as the idempotent path's, reads
// its own): a table read before a year was added lacks only that year, so only a provisional royalty can be stale,
// and confirmRateTable re-reads the rates before one is written.
let tables = new WeakMap<Conn, Promise<RateTable>>();

/** The rates and formats, formats by id (error messages list them in that order, whatever the table's row order). */
export function loadRateTable(db: Conn): Promise<RateTable> {
  let table = tables.get(db);
  if (!table) {
    table = readRateTable(db);
    tables.set(db, table);
    table.catch(() => tables.delete(db)); // a failed read (a dropped connection) is retried by the next caller
  }
  return table;
}

/** Drops every handle's cached table: a year was added (by this process, or seen added by another). */
export function forgetRateTables(): void {
  tables = new WeakMap();
}

async function readRateTable(db: Conn): Promise<RateTable> {
  // One after the other: on a transaction both would queue on its one connection anyway.
  const statutory = await db.select().from(statutoryRates);
  const formatRows = await db.select().from(formats).orderBy(asc(formats.id));
  return { statutory, formats: new Map(formatRows.map((f) => [f.id, f])) };
}

/** The lock a year's entry takes exclusively and a provisional royalty's writer shares (a transaction-level lock). */
const RATES_LOCK = 7_240_001;

/** enterStatutoryRates' side of the lock: no provisional royalty is being written until this transaction ends. */
export async function lockRatesForEntry(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RATES_LOCK})`);
}

/**
 * Before a provisional royalty is written: waits for a year's entry under way, then re-reads the latest year, and
 * answers a fresh table if one was added since `table` was read. Without it a request filed while the year is being
 * entered, or by a process whose table is older, would stay priced at the old latest rate (the entry reprices only
 * the requests it can see).
 */
export async function confirmRateTable(tx: Tx, table: RateTable): Promise<RateTable> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${RATES_LOCK})`);
  const [row] = await tx
    .select({ year: sql<number>`max(${statutoryRates.year})`.mapWith(Number) })
    .from(statutoryRates);
  if ((row?.year ?? 0) <= latestRateYear(table)) return table;
  forgetRateTables();
  return readRateTable(tx);
}

/** The latest year with a statutory rate, as a query's column (what a provisional royalty was priced at). */
export const ratesThroughSql = sql<number>`(select max(${statutoryRates.year}) from ${statutoryRates})`.mapWith(Number);
