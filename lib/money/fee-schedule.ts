import { desc } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { feeSchedules } from "@/db/schema";

export type FeeSchedule = typeof feeSchedules.$inferSelect;

/**
 * The schedule in force: the latest row (the reference data holds the first). Read in every filing, never cached:
 * staff change it at run time.
 */
const latestFeeSchedule = statement([], (db) => db.select().from(feeSchedules).orderBy(desc(feeSchedules.id)).limit(1));

export async function currentFeeSchedule(db: Conn): Promise<FeeSchedule> {
  const [row] = await latestFeeSchedule.run(db);
  if (!row) throw new Error("The fee schedule is empty");
  return row;
}
