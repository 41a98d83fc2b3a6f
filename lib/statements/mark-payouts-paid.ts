import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payoutBatches, payoutItems } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { isoDay, now } from "@/lib/clock";
import { DomainError, notFound } from "@/lib/errors";
import { post } from "@/lib/money/ledger";
import { lateFee } from "./late-fee";
import { batchItems, getStatementRun, type StatementRunView } from "./statement-run-view";

/**
 * POST /api/statements/{month}/payouts/paid: the bank paid the batch's items that have bank details (held ones are
 * paid by marking again once their details are entered; marking again with none left to pay is refused). Each is posted once (owed → cash) with the late fee of
 * 37 CFR 385.3 when paid after its due date: CoverDesk's cost, added to the payout (docs/statements.md).
 */
export async function markPayoutsPaid(db: Db, actor: Actor, month: string): Promise<StatementRunView> {
  const employee = requireEmployee(actor, "mark payouts paid");
  await db.transaction(async (tx) => {
    const [batch] = await tx.select().from(payoutBatches).where(eq(payoutBatches.month, month)).for("update");
    if (!batch) throw notFound(`Statements for ${month}`);
    const today = isoDay();
    const toPay = (await batchItems(tx, batch.id))
      .filter((i) => !i.item.paidAt && i.hasBankDetails)
      .map((i) => ({ ...i.item, lateFee: i.item.dueOn ? lateFee(i.item.amount, i.item.dueOn, today) : 0 }));
    if (toPay.length === 0 && batch.paidAt)
      throw new DomainError(
        "nothing_to_pay",
        `The payouts of ${month} were already marked paid; none is left to pay (a held owner needs bank details first).`,
      );
    const royalties = toPay.reduce((s, i) => s + i.amount, 0);
    const fees = toPay.reduce((s, i) => s + i.lateFee, 0);
    await post(tx, { kind: "payout", memo: `Payouts of ${month}` }, [
      ...toPay.map((i) => ({ account: "royalties_payable" as const, ownerId: i.ownerId, amount: i.amount })),
      ...toPay.map((i) => ({ account: "late_fees" as const, ownerId: i.ownerId, amount: i.lateFee })),
      { account: "cash", amount: -(royalties + fees) },
    ]);
    const paidAt = now();
    for (const i of toPay)
      await tx.update(payoutItems).set({ paidAt, lateFee: i.lateFee }).where(eq(payoutItems.id, i.id));
    if (!batch.paidAt)
      await tx.update(payoutBatches).set({ paidAt, paidByName: employee.name }).where(eq(payoutBatches.id, batch.id));
    await recordAudit(tx, employee, {
      action: "payouts.paid",
      entityType: "statement_run",
      entityId: month,
      accountId: null,
      detail: { total: royalties, lateFees: fees, owners: toPay.length },
    });
  });
  return getStatementRun(db, month);
}
