import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
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
import type { AuditActor } from "@/lib/audit/record-audit";
import { recordAudit } from "@/lib/audit/record-audit";
import { DomainError } from "@/lib/errors";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { payoutDueOn } from "./late-fee";
import { monthBounds, refuseUnended } from "./month";
import { getStatementRun, type StatementRunView } from "./statement-run-view";
import { statementsInPeriod } from "./statement-lines";

/**
 * The monthly run (staff button, `npm run statements -- --month YYYY-MM`), only once the month has ended in the
 * service's calendar: a statement of account per licensee per owner of the royalties posted in the month, and a
 * payout batch, due by the 20th of the next month, of what each owner is owed at the month's end and at least the
 * minimum the owner chose (an owner without bank details is held: listed as overdue once the 20th passes, not paid).
 * The statements are the ledger's postings of a closed month, so running the month again answers the same; months
 * run in order (an earlier month after a later one is refused).
 */
export async function runStatements(
  db: Db,
  actor: AuditActor,
  month: string,
): Promise<StatementRunView & { created: boolean }> {
  const created = await db.transaction(async (tx) => {
    const { start, end } = await monthBounds(tx, month);
    refuseUnended(month, end);
    await tx.execute(sql`lock table statement_runs in share row exclusive mode`);
    const [existing] = await tx.select().from(statementRuns).where(eq(statementRuns.month, month));
    if (existing) return false;
    const [later] = await tx.select().from(statementRuns).where(gt(statementRuns.month, month)).limit(1);
    if (later)
      throw new DomainError(
        "invalid_transition",
        `Statements for ${later.month} were already made; months run in order.`,
      );
    await tx.insert(statementRuns).values({ month, cutoff: end, createdByName: actor.name });

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
    const atEnd = await owed(end);
    const nowOwed = await owed();
    // Every item not paid yet, held ones too: each stays in its own batch, with its own due date.
    const unpaid = await tx
      .select({ ownerId: payoutItems.ownerId, amount: sql<number>`sum(${payoutItems.amount})`.mapWith(Number) })
      .from(payoutItems)
      .where(isNull(payoutItems.paidAt))
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
    const statements = await statementsInPeriod(tx, { from: start, to: end });
    const dueOn = payoutDueOn(month);
    const items: (typeof payoutItems.$inferInsert)[] = [];
    for (const { owner, bankDetails } of owners) {
      const owedAtEnd = amountOf(atEnd, owner.id);
      for (const s of statements.filter((s) => s.ownerId === owner.id))
        await tx.insert(ownerStatements).values({
          month,
          ownerId: owner.id,
          ownerName: owner.name,
          licenseeId: s.licenseeId,
          licenseeName: licenseeName(s),
          earned: s.earned,
          owed: owedAtEnd,
        });
      const payout = Math.min(owedAtEnd, amountOf(nowOwed, owner.id)) - amountOf(unpaid, owner.id);
      // Below the owner's own minimum, the money waits for a later month, as the owner asked.
      if (payout > 0 && payout >= owner.payoutMinimum) {
        // Without bank details the owner is held: not in the bank upload; the item stays owed, and late once due.
        const heldReason = bankDetails === null ? "no bank details" : null;
        items.push({
          batchId: 0,
          ownerId: owner.id,
          ownerName: owner.name,
          ownerEmail: owner.email,
          amount: payout,
          heldReason,
          dueOn,
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
      detail: {
        statements: statements.length,
        owners: items.filter((i) => !i.heldReason).length,
        held: items.filter((i) => i.heldReason).length,
      },
    });
    return true;
  });
  return { ...(await getStatementRun(db, month)), created };
}
