import type { Conn } from "@/db/client";
import { formats, statutoryRates } from "@/db/schema";
import type { RateTable } from "./compute-royalty";

export async function loadRateTable(db: Conn): Promise<RateTable> {
  const [statutory, formatRows] = await Promise.all([db.select().from(statutoryRates), db.select().from(formats)]);
  return {
    statutory,
    formats: new Map(formatRows.map((f) => [f.id, f])),
  };
}
