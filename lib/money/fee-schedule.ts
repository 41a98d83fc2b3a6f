import { desc } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { feeSchedules, type FeeTier } from "@/db/schema";

export type FeeSchedule = typeof feeSchedules.$inferSelect;

/** The schedule in force: the latest row (the reference data holds the first). */
export async function currentFeeSchedule(db: Conn): Promise<FeeSchedule> {
  const [row] = await db.select().from(feeSchedules).orderBy(desc(feeSchedules.id)).limit(1);
  if (!row) throw new Error("The fee schedule is empty");
  return row;
}

/** The service fee quoted for one request: a song per format; a reorder at its share; a medley whole owes none (its parts do). */
export function quoteFee(schedule: Pick<FeeSchedule, "songFee" | "reorderBasisPoints">, request: { kind: "initial" | "reorder"; medleyWhole: boolean }) {
  if (request.medleyWhole) return 0;
  if (request.kind === "reorder") return Math.round((schedule.songFee * schedule.reorderBasisPoints) / 10000);
  return schedule.songFee;
}

/** The discount (basis points of the fee) of the song at `position` (1-based) on one invoice: the highest tier reached. */
export function tierDiscount(tiers: FeeTier[], position: number): number {
  return tiers.filter((t) => position >= t.fromSong).reduce((best, t) => Math.max(best, t.discountBasisPoints), 0);
}
