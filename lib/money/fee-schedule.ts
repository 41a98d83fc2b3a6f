import { desc } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
import { feeSchedules } from "@/db/schema";

export type FeeSchedule = typeof feeSchedules.$inferSelect;

/**
 * The schedule in force: the latest row (the reference data holds the first). Read in every filing, never cached:
 * staff change it at run time.
 */
export async function currentFeeSchedule(db: Conn): Promise<FeeSchedule> {
  const latest = reusedStatement(db, "current fee schedule", (name) =>
    db.select().from(feeSchedules).orderBy(desc(feeSchedules.id)).limit(1).prepare(name),
  );
  const [row] = await latest.execute();
  if (!row) throw new Error("The fee schedule is empty");
  return row;
}
