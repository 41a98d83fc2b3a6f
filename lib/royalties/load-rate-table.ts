import { asc } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { formats, statutoryRates } from "@/db/schema";
import type { RateTable } from "./compute-royalty";

/** The rates and formats, formats by id (error messages list them in that order, whatever the table's row order). */
export async function loadRateTable(db: Conn): Promise<RateTable> {
  const [statutory, formatRows] = await Promise.all([db.select().from(statutoryRates), db.select().from(formats).orderBy(asc(formats.id))]);
  return {
    statutory,
    formats: new Map(formatRows.map((f) => [f.id, f])),
  };
}
