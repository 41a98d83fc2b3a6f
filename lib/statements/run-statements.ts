import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  ledgerEntries,
  ledgerPostings,
  ownerPayoutDetails,
  ownerStatements,
  payoutBatches,
  payoutItems,
  songOwners,
  statementRuns,
} from "@/db/schema";
import { env } from "@/env";
import type { AuditActor } from "@/lib/audit/record-audit";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError, validationFailed } from "@/lib/errors";
import { currentMonth, monthEnd } from "./month";
import { getStatementRun, type StatementRunView } from "./statement-run-view";
import { statementLines } from "./statement-lines";

/**
 * The monthly run (staff button, `npm run statements -- --month YYYY-MM`): per owner a statement of what the licensed
 * requests earned since the previous run, and a payout batch of everything owed at or above PAYOUT_MINIMUM (an owner
 * without bank details is held: listed, not paid). Running a
 * month again changes nothing and answers the same; months run in order (an earlier month after a later one is refused).
 * A month that has not ended yet is covered up to the moment it runs; the rest goes on the next month's statements.
 */
export async function runStatements(
  db: Db,
  actor: AuditActor,
  month: string,
): Promise<StatementRunView & { created: boolean }> {
  if (month > currentMonth()) throw validationFailed([{ path: "month", message: `${month} has not begun yet` }]);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table statement_runs in share row exclusive mode`);
    const [existing] = await tx.select().from(statementRuns).where(eq(statementRuns.month, month));
    if (existing) return false;
    const [later] = await tx.select().from(statementRuns).where(gt(statementRuns.month, month)).limit(1);
    if (later)
      throw new DomainError(
        "invalid_transition",
        `Statements for ${later.month} were already made; months run in order.`,
      );
    const [previous] = await tx
      .select()
      .from(statementRuns)
      .where(lt(statementRuns.month, month))
      .orderBy(desc(statementRuns.month))
      .limit(1);
    const end = await monthEnd(tx, month);
    const cutoff = end < now() ? end : now();
    await tx.insert(statementRuns).values({ month, cutoff, createdByName: actor.name });

    const owed = (until?: Date) =>
      tx
        .select({
          ownerId: ledgerPostings.ownerId,
          amount: sql<number>`-sum(${ledgerPostings.amount})`.mapWith(Number),
        })
        .from(ledgerPostings)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
        .where(
          and(
            eq(ledgerPostings.ledgerAccount, "royalties_payable"),
            until ? lt(ledgerEntries.dateAdded, until) : undefined,
          ),
        )
        .groupBy(ledgerPostings.ownerId);
    // In turn: a transaction is one connection (see readTogether).
    const atCutoff = await owed(cutoff);
    const nowOwed = await owed();
    const unpaid = await tx
      .select({ ownerId: payoutItems.ownerId, amount: sql<number>`sum(${payoutItems.amount})`.mapWith(Number) })
      .from(payoutItems)
      .innerJoin(payoutBatches, eq(payoutBatches.id, payoutItems.batchId))
      .where(and(isNull(payoutBatches.paidAt), isNull(payoutItems.heldReason)))
      .groupBy(payoutItems.ownerId);
    const amountOf = (list: { ownerId: number | null; amount: number }[], ownerId: number) =>
      list.find((r) => r.ownerId === ownerId)?.amount ?? 0;
    const owners = await tx
      .select({ owner: songOwners, bankDetails: ownerPayoutDetails.ownerId })
      .from(songOwners)
      .leftJoin(ownerPayoutDetails, eq(ownerPayoutDetails.ownerId, songOwners.id))
      .where(
        sql`${songOwners.id} in (select owner_id from ledger_postings where ledger_account = 'royalties_payable')`,
      );
    const items: (typeof payoutItems.$inferInsert)[] = [];
    for (const { owner, bankDetails } of owners) {
      const lines = await statementLines(tx, owner.id, { from: previous?.cutoff ?? null, to: cutoff });
      const earned = lines.reduce((s, l) => s + l.amount, 0);
      const owedAtCutoff = amountOf(atCutoff, owner.id);
      if (earned === 0 && owedAtCutoff === 0) continue;
      await tx
        .insert(ownerStatements)
        .values({ month, ownerId: owner.id, ownerName: owner.name, earned, owed: owedAtCutoff });
      const payout = Math.min(owedAtCutoff, amountOf(nowOwed, owner.id)) - amountOf(unpaid, owner.id);
      if (payout > 0 && payout >= env().PAYOUT_MINIMUM) {
        // Without bank details the owner is listed as held: not in the bank upload, and the amount stays owed.
        const heldReason = bankDetails === null ? "no bank details" : null;
        items.push({
          batchId: 0,
          ownerId: owner.id,
          ownerName: owner.name,
          ownerEmail: owner.email,
          amount: payout,
          heldReason,
        });
      }
    }
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ month, total: items.reduce((s, i) => s + (i.heldReason ? 0 : i.amount), 0) })
      .returning();
    if (items.length) await tx.insert(payoutItems).values(items.map((i) => ({ ...i, batchId: batch!.id })));
    await recordAudit(tx, actor, {
      action: "statements.run",
      entityType: "statement_run",
      entityId: month,
      accountId: null,
      detail: { owners: items.filter((i) => !i.heldReason).length, held: items.filter((i) => i.heldReason).length },
    });
    return true;
  });
  return { ...(await getStatementRun(db, month)), created };
}
