import type { Db } from "@/db/client";
import { feeSchedules } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { feeScheduleView, type FeeScheduleView } from "./fee-schedule-view";
import type { FeeScheduleInput } from "./schemas";

/**
 * PUT /api/fee-schedule: a new schedule, in force for quotes made from now on. Requests already filed keep the fee
 * they were quoted (docs/product-rules.md, "Money"): the change is a new row, never an edit.
 */
export async function updateFeeSchedule(db: Db, actor: Actor, input: FeeScheduleInput): Promise<FeeScheduleView> {
  const employee = requireEmployee(actor, "change the fee schedule");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feeSchedules)
      .values({
        songFee: input.songFee,
        reorderBasisPoints: input.reorderPercent,
        tiers: [...input.tiers]
          .sort((a, b) => a.fromSong - b.fromSong)
          .map((t) => ({ fromSong: t.fromSong, discountBasisPoints: t.discountPercent })),
        createdByName: employee.name,
      })
      .returning();
    await recordAudit(tx, employee, {
      action: "fee_schedule.changed",
      entityType: "fee_schedule",
      entityId: row!.id,
      accountId: null,
      detail: row!.tiers,
    });
    return feeScheduleView(row!);
  });
}
