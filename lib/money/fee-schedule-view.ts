import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { formatAmount } from "./amounts";
import { currentFeeSchedule, type FeeSchedule } from "./fee-schedule";

export function feeScheduleView(s: FeeSchedule) {
  return {
    id: s.id,
    songFee: formatAmount(s.songFee),
    reorderPercent: s.reorderBasisPoints / 100,
    tiers: s.tiers.map((t) => ({ fromSong: t.fromSong, discountPercent: t.discountBasisPoints / 100 })),
    changedBy: s.createdByName,
    dateAdded: s.dateAdded.toISOString(),
  };
}
export type FeeScheduleView = ReturnType<typeof feeScheduleView>;

/** GET /api/fee-schedule: the schedule in force (staff). */
export async function getFeeSchedule(db: Conn, actor: Actor): Promise<FeeScheduleView> {
  requireEmployee(actor, "read the fee schedule");
  return feeScheduleView(await currentFeeSchedule(db));
}
