import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerPayoutDetails, ownerStatements, payoutBatches, payoutItems, statementRuns } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { notFound } from "@/lib/errors";
import { formatDate } from "@/lib/formatting";
import { formatAmount } from "@/lib/money/amounts";
import { renderDocumentPdf } from "@/lib/pdf/render-document-pdf";
import { formatPerUnit } from "@/lib/royalties/compute-royalty";
import { toPercent } from "@/lib/songs/schemas";
import { toCsv } from "./csv";
import { statementLines } from "./statement-lines";

/** One owner's statement of one month, with its lines (the period since the previous run, as when it was made). */
async function loadStatement(db: Conn, actor: Actor, month: string, ownerId: number) {
  requireEmployee(actor, "read statements of account");
  const [found] = await db
    .select({ statement: ownerStatements, run: statementRuns })
    .from(ownerStatements)
    .innerJoin(statementRuns, eq(statementRuns.month, ownerStatements.month))
    .where(and(eq(ownerStatements.month, month), eq(ownerStatements.ownerId, ownerId)));
  if (!found) throw notFound(`The statement of owner ${ownerId} for ${month}`);
  const [previous] = await db
    .select()
    .from(statementRuns)
    .where(lt(statementRuns.month, month))
    .orderBy(desc(statementRuns.month))
    .limit(1);
  const lines = await statementLines(db, ownerId, { from: previous?.cutoff ?? null, to: found.run.cutoff });
  return { ...found, lines };
}

const HEADER = ["request", "song", "format", "units", "rate", "share_percent", "amount", "licensed_on"];

/** GET /api/statements/{month}/owners/{ownerId}/csv */
export async function statementCsv(db: Conn, actor: Actor, month: string, ownerId: number) {
  const { lines } = await loadStatement(db, actor, month, ownerId);
  const body = toCsv(
    HEADER,
    lines.map((l) => [
      l.requestId,
      l.song,
      l.format,
      l.units,
      formatPerUnit(l.perUnit),
      toPercent(l.shareBasisPoints),
      formatAmount(l.amount),
      l.licensedOn.toISOString().slice(0, 10),
    ]),
  );
  return { filename: `coverdesk-statement-${month}-owner-${ownerId}.csv`, body };
}

/** GET /api/statements/{month}/owners/{ownerId}/pdf */
export async function statementPdf(db: Conn, actor: Actor, month: string, ownerId: number) {
  const { statement, run, lines } = await loadStatement(db, actor, month, ownerId);
  const bytes = await renderDocumentPdf({
    title: `Statement of account ${month}`,
    subtitle: `${statement.ownerName}: mechanical royalties under 17 U.S.C. 115 for the licenses CoverDesk's clients obtained, up to ${formatDate(run.cutoff)}.`,
    sections: [
      {
        heading: "Licensed requests",
        rows: lines.length
          ? lines.map((l) => [
              `Request ${l.requestId}`,
              `${l.song} (${l.format}), ${l.units.toLocaleString("en-US")} units at $${formatPerUnit(l.perUnit)}; share ${toPercent(l.shareBasisPoints)}%; amount $${formatAmount(l.amount)}`,
            ])
          : [["Licensed requests", "None this month"]],
      },
      {
        heading: "Totals",
        rows: [
          ["Earned this month", `$${formatAmount(statement.earned)}`],
          ["Owed in all", `$${formatAmount(statement.owed)}`],
        ],
      },
    ],
    footer:
      "Amounts in US dollars. Owed amounts at or above the payout minimum are paid in the month's payout batch. Prepared by CoverDesk.",
    metadata: {
      title: `Statement ${month}: ${statement.ownerName}`,
      subject: `Statement of account ${month}`,
      createdAt: run.dateAdded,
    },
  });
  return { filename: `coverdesk-statement-${month}-owner-${ownerId}.pdf`, bytes };
}

/**
 * GET /api/statements/{month}/payouts.csv: the month's payout batch, a row per owner paid, for a bank's bulk upload:
 * the one place bank details leave the database unmasked. Held owners (no bank details) are not in it.
 */
export async function payoutCsv(db: Conn, actor: Actor, month: string) {
  requireEmployee(actor, "read payout batches");
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.month, month));
  if (!batch) throw notFound(`Statements for ${month}`);
  const items = await db
    .select({ item: payoutItems, bank: ownerPayoutDetails })
    .from(payoutItems)
    .innerJoin(ownerPayoutDetails, eq(ownerPayoutDetails.ownerId, payoutItems.ownerId))
    .where(and(eq(payoutItems.batchId, batch.id), isNull(payoutItems.heldReason)))
    .orderBy(payoutItems.ownerName, payoutItems.ownerId);
  const body = toCsv(
    [
      "payee_id",
      "payee_name",
      "payee_email",
      "account_holder",
      "iban",
      "routing_number",
      "account_number",
      "amount",
      "currency",
      "reference",
    ],
    items.map(({ item: i, bank: b }) => [
      i.ownerId,
      i.ownerName,
      i.ownerEmail,
      b.accountHolder,
      b.iban,
      b.routingNumber,
      b.accountNumber,
      formatAmount(i.amount),
      "USD",
      `CoverDesk royalties ${month}`,
    ]),
  );
  return { filename: `coverdesk-payouts-${month}.csv`, body };
}
