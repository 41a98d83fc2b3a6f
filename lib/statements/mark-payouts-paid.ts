import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payoutBatches, payoutItems } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { notFound, invalidTransition } from "@/lib/errors";
import { post } from "@/lib/money/ledger";
import { getStatementRun, type StatementRunView } from "./statement-run-view";

/** POST /api/statements/{month}/payouts/paid: the bank paid the batch; its payouts (not the held ones) are posted (owed → cash) once. */
export async function markPayoutsPaid(db: Db, actor: Actor, month: string): Promise<StatementRunView> {
  const employee = requireEmployee(actor, "mark payouts paid");
  await db.transaction(async (tx) => {
    const [batch] = await tx.select().from(payoutBatches).where(eq(payoutBatches.month, month)).for("update");
    if (!batch) throw notFound(`Statements for ${month}`);
    if (batch.paidAt) throw invalidTransition(`The payouts of ${month} were already marked paid.`);
    const items = await tx
      .select()
      .from(payoutItems)
      .where(and(eq(payoutItems.batchId, batch.id), isNull(payoutItems.heldReason)));
    await post(tx, { kind: "payout", memo: `Payouts of ${month}` }, [
      ...items.map((i) => ({ account: "royalties_payable" as const, ownerId: i.ownerId, amount: i.amount })),
      { account: "cash", amount: -batch.total },
    ]);
    await tx
      .update(payoutBatches)
      .set({ paidAt: now(), paidByName: employee.name })
      .where(eq(payoutBatches.id, batch.id));
    await recordAudit(tx, employee, {
      action: "payouts.paid",
      entityType: "statement_run",
      entityId: month,
      accountId: null,
      detail: { total: batch.total },
    });
  });
  return getStatementRun(db, month);
}
