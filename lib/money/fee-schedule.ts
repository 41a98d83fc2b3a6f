import { desc } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { feeSchedules } from "@/db/schema";

export type FeeSchedule = typeof feeSchedules.$inferSelect;

/** The schedule in force: the latest row (the reference data holds the first). */
export async function currentFeeSchedule(db: Conn): Promise<FeeSchedule> {
  const [row] = await db.select().from(feeSchedules).orderBy(desc(feeSchedules.id)).limit(1);
  if (!row) throw new Error("The fee schedule is empty");
  return row;
}
