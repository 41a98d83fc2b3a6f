import type { FeeTier } from "@/db/schema";

// The fee schedule's rules, pure (the wizard quotes with them in the browser).

export type FeeQuoteSchedule = { songFee: number; reorderBasisPoints: number };

/** The service fee quoted for one request: a song per format; a reorder at its share; a medley whole owes none (its parts do). */
export function quoteFee(schedule: FeeQuoteSchedule, request: { kind: "initial" | "reorder"; medleyWhole: boolean }) {
  if (request.medleyWhole) return 0;
  if (request.kind === "reorder") return Math.round((schedule.songFee * schedule.reorderBasisPoints) / 10000);
  return schedule.songFee;
}

/** The discount (basis points of the fee) of the song at `position` (1-based) on one invoice: the highest tier reached. */
export function tierDiscount(tiers: FeeTier[], position: number): number {
  return tiers.filter((t) => position >= t.fromSong).reduce((best, t) => Math.max(best, t.discountBasisPoints), 0);
}
