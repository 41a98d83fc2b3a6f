import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, ledgerEntries, requests } from "@/db/schema";
import { lockAccountMoney } from "./account-lock";
import { roundToCents } from "./amounts";
import { invoiceNumber } from "./invoice-number";
import { post } from "./ledger";
import { OWNER_ROYALTY_KINDS, ownersRoyaltyOfRequest } from "./owners-royalty";
import { splitByShares } from "@/lib/royalties/split-royalty";
import { outstanding, settleInvoice } from "./settle-invoice";

/**
 * Gives back to the client (what is still due on an open invoice holding the request first, then the balance) whatever royalty a request's live invoice lines hold, less what was already given
 * back, above the royalty it now owes (royalty_total less royalty_not_payable, rounded to cents as amountDue rounds
 * it): the royalty went down after it was invoiced (a lower rate entered for its year, an owner's share found not
 * payable). The issued invoices never change; the request's `credited_royalty` grows by the excess, which keeps
 * `owing` and the next invoice's lines right. The money comes from the royalties still held for the request first,
 * then from what its owners were already owed, in proportion to what each holds of it (their shares; an owner already
 * paid carries the difference against later earnings). Call it inside the transaction that lowered the royalty, with
 * the request locked; it locks the account's money. Returns the amount credited (hundredths of a cent, 0 for none).
 */
export async function creditRoyaltyExcess(
  tx: Tx,
  request: { id: number },
  why = "royalty lowered after it was invoiced",
): Promise<number> {
  const [row] = await tx
    .select({
      accountId: requests.accountId,
      royaltyTotal: requests.royaltyTotal,
      royaltyNotPayable: requests.royaltyNotPayable,
      invoicedRoyalty: requests.invoicedRoyalty,
      creditedRoyalty: requests.creditedRoyalty,
      perUnit: requests.royaltyPerUnit,
      quantity: requests.royaltyQuantity,
    })
    .from(requests)
    .where(eq(requests.id, request.id));
  if (!row) throw new Error(`Request ${request.id} not found`);
  const invoiced = row.invoicedRoyalty - row.creditedRoyalty;
  const excess = invoiced - roundToCents(row.royaltyTotal - row.royaltyNotPayable);
  if (excess <= 0) return 0;
  await lockAccountMoney(tx, row.accountId);
  const owners = (await ownersRoyaltyOfRequest(tx, request.id)).filter((o) => o.ownerId !== null && o.amount > 0);
  const movedToOwners = owners.reduce((s, o) => s + o.amount, 0);
  // What invoicing put in royalties held for the request and has neither been given back nor moved to owners.
  const held = Math.max(invoiced - movedToOwners, 0);
  const fromOwners = Math.min(Math.max(excess - held, 0), movedToOwners);
  // Owners were owed whole cents: they give back whole cents.
  const ownerParts =
    fromOwners > 0
      ? splitByShares(
          fromOwners / 100,
          owners.map((o) => o.amount),
        ).map((cents) => cents * 100)
      : [];
  // On an invoice still open the credit first settles what is due there, as a cancelled request's does (creditRequest):
  // the client is not handed a balance for money it has not paid. Only royalty still held can: an open invoice's lines
  // were never split to the owners.
  let settles = excess - fromOwners;
  const openInvoices = await tx
    .selectDistinct({ id: invoices.id })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoiceLines.requestId, request.id), eq(invoices.status, "open"), isNull(invoiceLines.creditedAt)))
    .orderBy(invoices.id);
  let settled = 0;
  for (const { id } of openInvoices) {
    if (settles === 0) break;
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    const part = Math.min(settles, outstanding(invoice!));
    if (part === 0) continue;
    await post(
      tx,
      {
        kind: "royalty_credited",
        memo: `Request ${request.id}: ${why}, credited on invoice ${invoiceNumber(invoice!)}`,
        accountId: row.accountId,
        invoiceId: id,
        requestId: request.id,
      },
      [
        { account: "royalties_held", amount: part },
        { account: "receivable", clientAccountId: row.accountId, amount: -part },
      ],
    );
    await settleInvoice(tx, invoice!, part);
    settles -= part;
    settled += part;
  }
  await post(
    tx,
    {
      kind: "royalty_credited",
      memo: `Request ${request.id}: ${why}, credited to the balance`,
      accountId: row.accountId,
      requestId: request.id,
      // Taken back from owners, it is a line of their statements: the units at the (negative) rate difference.
      ...(fromOwners > 0 ? await rateTakenBack(tx, request.id, row) : {}),
    },
    [
      { account: "royalties_held", amount: excess - fromOwners - settled },
      ...owners.map((o, i) => ({
        account: "royalties_payable" as const,
        ownerId: o.ownerId!,
        amount: ownerParts[i] ?? 0,
      })),
      { account: "client_balance", clientAccountId: row.accountId, amount: -(excess - settled) },
    ],
  );
  await tx
    .update(requests)
    .set({ creditedRoyalty: sql`${requests.creditedRoyalty} + ${excess}` })
    .where(eq(requests.id, request.id));
  return excess;
}

/**
 * The units and per-unit rate a take-back from the owners undoes: the request's units at its rate now less the rate
 * its owners were charged for (what its `royalty_owed` entries kept). Null when an earlier posting predates the record.
 */
async function rateTakenBack(tx: Tx, requestId: number, now: { perUnit: number; quantity: number }) {
  // A credit that took nothing back from the owners kept no units: it is no line of theirs.
  const earlier = (
    await tx
      .select({ kind: ledgerEntries.kind, units: ledgerEntries.units, ratePerUnit: ledgerEntries.ratePerUnit })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.kind, [...OWNER_ROYALTY_KINDS]), eq(ledgerEntries.requestId, requestId)))
  ).filter((e) => e.kind === "royalty_owed" || e.units !== null);
  if (earlier.some((e) => e.units === null || e.ratePerUnit === null)) return { units: null, ratePerUnit: null };
  const charged = earlier.filter((e) => e.units === now.quantity).reduce((s, e) => s + e.ratePerUnit!, 0);
  return { units: now.quantity, ratePerUnit: now.perUnit - charged };
}
