import type { Conn } from "@/db/client";
import { requireRole, type Actor } from "@/lib/auth/actor";
import { formatAmount } from "./amounts";
import { currentFeeSchedule, type FeeSchedule } from "./fee-schedule";

/** The schedule as the API shows it; who changed it last (an employee's name) only to the staff. */
export function feeScheduleView(s: FeeSchedule, reader: "staff" | "client" = "staff") {
  return {
    id: s.id,
    songFee: formatAmount(s.songFee),
    reorderPercent: s.reorderBasisPoints / 100,
    tiers: s.tiers.map((t) => ({ fromSong: t.fromSong, discountPercent: t.discountBasisPoints / 100 })),
    ...(reader === "staff" ? { changedBy: s.createdByName } : {}),
    dateAdded: s.dateAdded.toISOString(),
  };
}
export type FeeScheduleView = ReturnType<typeof feeScheduleView>;

/**
 * GET /api/fee-schedule: the schedule in force, to the staff and to client staff, who pay by it (a quote prices with
 * it: POST /api/quotes); licensees see no money.
 */
export async function getFeeSchedule(db: Conn, actor: Actor): Promise<FeeScheduleView> {
  const reader = requireRole(actor, ["client", "employee"], "read the fee schedule");
  return feeScheduleView(await currentFeeSchedule(db), reader.kind === "employee" ? "staff" : "client");
}
