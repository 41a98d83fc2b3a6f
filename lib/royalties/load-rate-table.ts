import { asc } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { formats, statutoryRates } from "@/db/schema";
import type { RateTable } from "./compute-royalty";

// Rates and formats are reference data that only migrations write, and a server migrates before it serves: each
// database handle reads them once (a transaction passed in, such as the idempotent path's, reads its own).
const tables = new WeakMap<Conn, Promise<RateTable>>();

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

async function readRateTable(db: Conn): Promise<RateTable> {
  // One after the other: on a transaction both would queue on its one connection anyway.
  const statutory = await db.select().from(statutoryRates);
  const formatRows = await db.select().from(formats).orderBy(asc(formats.id));
  return { statutory, formats: new Map(formatRows.map((f) => [f.id, f])) };
}
