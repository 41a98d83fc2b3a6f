import { asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerPayoutDetails, ownerStatements, payoutBatches, payoutItems, statementRuns } from "@/db/schema";
import { isoDay } from "@/lib/clock";
import { notFound } from "@/lib/errors";
import { formatAmount } from "@/lib/money/amounts";
import { lateFee } from "./late-fee";

/** The payout items of a batch with whether their owner has bank details now (held otherwise). */
export async function batchItems(db: Conn, batchId: number) {
  return db
    .select({ item: payoutItems, hasBankDetails: sql<boolean>`${ownerPayoutDetails.ownerId} is not null` })
    .from(payoutItems)
    .leftJoin(ownerPayoutDetails, eq(ownerPayoutDetails.ownerId, payoutItems.ownerId))
    .where(eq(payoutItems.batchId, batchId))
    .orderBy(asc(payoutItems.ownerName), asc(payoutItems.ownerId));
}

/** An item's late fee: the one paid with it, else what it owes if paid today. */
const lateFeeOf = (item: typeof payoutItems.$inferSelect, today: string) =>
  item.paidAt || !item.dueOn ? item.lateFee : lateFee(item.amount, item.dueOn, today);

/** One month's run: its statements (one per licensee per owner) and its payout batch. Staff only (callers check). */
export async function getStatementRun(db: Conn, month: string) {
  const [run] = await db.select().from(statementRuns).where(eq(statementRuns.month, month));
  if (!run) throw notFound(`Statements for ${month}`);
  const [statements, [batch]] = await Promise.all([
    db
      .select()
      .from(ownerStatements)
      .where(eq(ownerStatements.month, month))
      .orderBy(asc(ownerStatements.ownerName), asc(ownerStatements.ownerId), asc(ownerStatements.licenseeName)),
    db.select().from(payoutBatches).where(eq(payoutBatches.month, month)),
  ]);
  const items = batch ? await batchItems(db, batch.id) : [];
  const today = isoDay();
  // Held: not paid and no bank details to pay to; entered later, the item is paid with the next "mark paid".
  const held = items.filter((i) => !i.item.paidAt && !i.hasBankDetails).map((i) => i.item);
  const payable = items.filter((i) => i.item.paidAt || i.hasBankDetails).map((i) => i.item);
  return {
    month: run.month,
    cutoff: run.cutoff.toISOString(),
    ranBy: run.createdByName,
    dateAdded: run.dateAdded.toISOString(),
    statements: statements.map((s) => ({
      ownerId: s.ownerId,
      ownerName: s.ownerName,
      licenseeId: s.licenseeId,
      licenseeName: s.licenseeName,
      earned: formatAmount(s.earned),
      owed: formatAmount(s.owed),
    })),
    payoutBatch: {
      total: formatAmount(payable.reduce((s, i) => s + i.amount, 0)),
      dueOn: payable[0]?.dueOn ?? held[0]?.dueOn ?? null,
      paidAt: batch?.paidAt?.toISOString() ?? null,
      paidBy: batch?.paidByName ?? null,
      items: payable.map((i) => ({
        ownerId: i.ownerId,
        ownerName: i.ownerName,
        ownerEmail: i.ownerEmail,
        amount: formatAmount(i.amount),
        lateFee: formatAmount(lateFeeOf(i, today)),
        paidAt: i.paidAt?.toISOString() ?? null,
      })),
      held: held.map((i) => ({
        ownerId: i.ownerId,
        ownerName: i.ownerName,
        amount: formatAmount(i.amount),
        reason: i.heldReason ?? "no bank details",
        dueOn: i.dueOn,
        overdue: i.dueOn !== null && today > i.dueOn,
        lateFee: formatAmount(lateFeeOf(i, today)),
      })),
    },
  };
}
export type StatementRunView = Awaited<ReturnType<typeof getStatementRun>>;

/** Every run, the latest month first. */
export async function listStatementRuns(db: Conn) {
  const runs = await db
    .select({ run: statementRuns, batch: payoutBatches })
    .from(statementRuns)
    .leftJoin(payoutBatches, eq(payoutBatches.month, statementRuns.month))
    .orderBy(desc(statementRuns.month));
  return runs.map(({ run, batch }) => ({
    month: run.month,
    cutoff: run.cutoff.toISOString(),
    payoutTotal: formatAmount(batch?.total ?? 0),
    paidAt: batch?.paidAt?.toISOString() ?? null,
  }));
}

/**
 * Payout items not paid yet and due by `dueBy` (ISO date), oldest first, with the late fee each owes if paid on
 * `today`: the staff digest's warning from the 15th, and the Statements page's overdue list.
 */
export async function unpaidPayouts(db: Conn, dueBy: string, today: string = isoDay()) {
  const rows = await db
    .select({ item: payoutItems, month: payoutBatches.month })
    .from(payoutItems)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutItems.batchId))
    .where(sql`${isNull(payoutItems.paidAt)} and ${payoutItems.dueOn} <= ${dueBy}::date`)
    .orderBy(asc(payoutItems.dueOn), asc(payoutItems.ownerName), asc(payoutItems.id));
  return rows.map(({ item, month }) => ({
    month,
    ownerId: item.ownerId,
    ownerName: item.ownerName,
    amount: formatAmount(item.amount),
    dueOn: item.dueOn!,
    overdue: today > item.dueOn!,
    lateFee: formatAmount(lateFeeOf(item, today)),
  }));
}
