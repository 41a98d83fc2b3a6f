import { asc, desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerStatements, payoutBatches, payoutItems, statementRuns } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { formatAmount } from "@/lib/money/amounts";

/** One month's run: its owners' statements and its payout batch. Staff only (callers check). */
export async function getStatementRun(db: Conn, month: string) {
  const [run] = await db.select().from(statementRuns).where(eq(statementRuns.month, month));
  if (!run) throw notFound(`Statements for ${month}`);
  const [statements, [batch]] = await Promise.all([
    db
      .select()
      .from(ownerStatements)
      .where(eq(ownerStatements.month, month))
      .orderBy(asc(ownerStatements.ownerName), asc(ownerStatements.ownerId)),
    db.select().from(payoutBatches).where(eq(payoutBatches.month, month)),
  ]);
  const items = batch
    ? await db
        .select()
        .from(payoutItems)
        .where(eq(payoutItems.batchId, batch.id))
        .orderBy(asc(payoutItems.ownerName), asc(payoutItems.ownerId))
    : [];
  return {
    month: run.month,
    cutoff: run.cutoff.toISOString(),
    ranBy: run.createdByName,
    dateAdded: run.dateAdded.toISOString(),
    statements: statements.map((s) => ({
      ownerId: s.ownerId,
      ownerName: s.ownerName,
      earned: formatAmount(s.earned),
      owed: formatAmount(s.owed),
    })),
    payoutBatch: {
      total: formatAmount(batch?.total ?? 0),
      paidAt: batch?.paidAt?.toISOString() ?? null,
      paidBy: batch?.paidByName ?? null,
      items: items
        .filter((i) => !i.heldReason)
        .map((i) => ({
          ownerId: i.ownerId,
          ownerName: i.ownerName,
          ownerEmail: i.ownerEmail,
          amount: formatAmount(i.amount),
        })),
      held: items
        .filter((i) => i.heldReason)
        .map((i) => ({
          ownerId: i.ownerId,
          ownerName: i.ownerName,
          amount: formatAmount(i.amount),
          reason: i.heldReason!,
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
