import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoiceLines, invoices, ledgerEntries, ledgerPostings, payments, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { invoiceNumber } from "./invoice-number";
import { findInvoice, type InvoiceView } from "./invoice-view";
import { post } from "./ledger";
import { lockInvoice } from "./lock-invoice";

/**
 * POST /api/invoices/{id}/void: cancels an invoice no money was received for. Its requests can be invoiced again
 * (with their amounts as they are now); what the prepaid balance had paid on it goes back to the balance.
 */
export async function voidInvoice(db: Db, actor: Actor, invoiceId: number): Promise<InvoiceView> {
  const employee = requireEmployee(actor, "void invoices");
  await db.transaction(async (tx) => {
    // Its requests first, in id order, as issuing and status changes lock them before the account's money: voiding
    // takes the lines off their kept invoiced amounts (migration 0022), which writes those rows.
    await tx
      .select({ id: requests.id })
      .from(requests)
      .where(
        inArray(
          requests.id,
          tx.select({ id: invoiceLines.requestId }).from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)),
        ),
      )
      .orderBy(asc(requests.id))
      .for("update");
    const invoice = await lockInvoice(tx, invoiceId);
    const number = invoiceNumber(invoice);
    if (invoice.status !== "open")
      throw new DomainError(
        "invoice_not_open",
        `Invoice ${number} is ${invoice.status}; only an unpaid invoice can be voided.`,
      );
    const [received] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .where(
        and(
          eq(payments.invoiceId, invoiceId),
          inArray(payments.kind, ["bank_transfer", "check", "card"]),
          isNull(payments.voidedAt),
        ),
      );
    if (received!.n > 0)
      throw new DomainError(
        "invoice_not_open",
        `Invoice ${number} has payments recorded; only an unpaid invoice can be voided.`,
      );
    // Part of a request's royalty went back to the balance after it was invoiced (a lower rate, an owner not
    // identified): voiding would leave that credit standing for money never received.
    const [credited] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(requests)
      .where(
        and(
          gt(requests.creditedRoyalty, 0),
          inArray(
            requests.id,
            tx.select({ id: invoiceLines.requestId }).from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)),
          ),
        ),
      );
    if (credited!.n > 0)
      throw new DomainError(
        "invoice_not_open",
        `Invoice ${number} holds a request part of whose royalty was credited to the balance; it can no longer be voided.`,
      );
    const open = await tx
      .select({
        royalty: sql<number>`coalesce(sum(${invoiceLines.royalty}), 0)`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${invoiceLines.amount}), 0)`.mapWith(Number),
      })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, invoiceId), isNull(invoiceLines.creditedAt)));
    const [receivable] = await tx
      .select({ amount: sql<number>`coalesce(sum(${ledgerPostings.amount}), 0)`.mapWith(Number) })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(and(eq(ledgerEntries.invoiceId, invoiceId), eq(ledgerPostings.ledgerAccount, "receivable")));
    const { royalty, amount } = open[0]!;
    // Undo what the lines still hold; what is no longer receivable was paid from the balance: it goes back there.
    await post(
      tx,
      { kind: "invoice_voided", memo: `Invoice ${number} voided`, accountId: invoice.accountId, invoiceId },
      [
        { account: "royalties_held", amount: royalty },
        { account: "fees_earned", amount: amount - royalty },
        { account: "receivable", clientAccountId: invoice.accountId, amount: -receivable!.amount },
        { account: "client_balance", clientAccountId: invoice.accountId, amount: receivable!.amount - amount },
      ],
    );
    await tx.update(invoices).set({ status: "void", voidedAt: now() }).where(eq(invoices.id, invoiceId));
    await recordAudit(tx, employee, {
      action: "invoice.voided",
      entityType: "invoice",
      entityId: invoiceId,
      accountId: invoice.accountId,
      detail: { number },
    });
  });
  return findInvoice(db, actor, invoiceId);
}
