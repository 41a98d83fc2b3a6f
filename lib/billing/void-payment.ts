import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Conn, Db, Tx } from "@/db/client";
import { invoiceLines, invoices, ledgerEntries, ledgerPostings, payments, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { permission, type Permission } from "@/lib/auth/permission";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError, notFound } from "@/lib/errors";
import { formatDate } from "@/lib/formatting";
import { formatAmount } from "@/lib/money/amounts";
import { invoiceNumber } from "@/lib/money/invoice-number";
import { findInvoice, type InvoiceView } from "@/lib/money/invoice-view";
import { clientBalance, post } from "@/lib/money/ledger";
import { lockInvoice } from "@/lib/money/lock-invoice";
import type { InvoiceRow } from "@/lib/money/settle-invoice";
import type { VoidPaymentInput } from "@/lib/money/schemas";

/** Money an employee recorded as received: what a void can take back (the balance and refunds are not received). */
const RECEIVED_KINDS = ["bank_transfer", "check", "card"] as const;

/**
 * POST /api/payments/{id}/void: a payment recorded by mistake no longer counts. Its ledger entry is reversed, the
 * invoice is open again for what it had settled. Only while none of the invoice's requests has begun licensing:
 * after that the money has done its work (notices served, royalties split) and is corrected by a refund instead.
 */
export async function voidPayment(
  db: Db,
  actor: Actor,
  paymentId: number,
  input: VoidPaymentInput,
): Promise<InvoiceView> {
  const employee = requireEmployee(actor, "void payments");
  const invoiceId = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!found?.invoiceId) throw notFound(`Payment ${paymentId}`);
    // The invoice's requests first, in id order, as payments and status changes lock them before the money.
    await tx
      .select({ id: requests.id })
      .from(requests)
      .where(
        inArray(
          requests.id,
          tx
            .select({ id: invoiceLines.requestId })
            .from(invoiceLines)
            .where(eq(invoiceLines.invoiceId, found.invoiceId)),
        ),
      )
      .orderBy(asc(requests.id))
      .for("update");
    const invoice = await lockInvoice(tx, found.invoiceId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    const number = invoiceNumber(invoice);
    requireVoidable(payment!, invoice, number, await begunRequests(tx, invoice.id));
    const { applied, toBalance } = await appliedParts(tx, payment!);
    if (toBalance > (await clientBalance(tx, invoice.accountId)))
      throw new DomainError(
        "insufficient_balance",
        `$${formatAmount(toBalance)} of this payment went to the account's balance, which no longer holds it; ` +
          `it cannot be voided.`,
      );
    await post(
      tx,
      {
        kind: "payment_voided",
        memo: `Payment ${payment!.reference} for invoice ${number} voided`,
        accountId: invoice.accountId,
        invoiceId: invoice.id,
      },
      [
        { account: "cash", amount: -payment!.amount },
        { account: "receivable", clientAccountId: invoice.accountId, amount: applied },
        { account: "client_balance", clientAccountId: invoice.accountId, amount: toBalance },
      ],
    );
    await tx
      .update(payments)
      .set({ voidedAt: now(), voidedByName: employee.name, voidReason: input.reason })
      .where(eq(payments.id, paymentId));
    // Open again for what it had settled; a payment that all went to the balance (a card payment for an invoice
    // already paid) leaves the invoice as it is.
    if (applied > 0)
      await tx
        .update(invoices)
        .set({ settled: invoice.settled - applied, status: "open", paidAt: null })
        .where(eq(invoices.id, invoice.id));
    await recordAudit(tx, employee, {
      action: "invoice.payment_voided",
      entityType: "invoice",
      entityId: invoice.id,
      accountId: invoice.accountId,
      detail: {
        paymentId,
        amount: formatAmount(payment!.amount),
        reference: payment!.reference,
        reason: input.reason,
      },
    });
    return invoice.id;
  });
  return findInvoice(db, actor, invoiceId);
}

type PaymentRow = typeof payments.$inferSelect;

/** The invoice's requests whose licensing has begun, id ascending. */
async function begunRequests(db: Conn, invoiceId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: requests.id })
    .from(invoiceLines)
    .innerJoin(requests, eq(requests.id, invoiceLines.requestId))
    .where(and(eq(invoiceLines.invoiceId, invoiceId), isNotNull(requests.licensingBegunAt)))
    .orderBy(asc(requests.id));
  return rows.map((r) => r.id);
}

type VoidFacts = Pick<PaymentRow, "kind" | "voidedByName"> & { voidedAt: Date | string | null };

/** Refused, with why in words: voided already, not money received, or licensing of a request has begun. */
function requireVoidable(payment: VoidFacts, invoice: Pick<InvoiceRow, "status">, number: string, begun: number[]) {
  const refuse = (why: string) => {
    throw new DomainError("payment_not_voidable", `This payment on invoice ${number} cannot be voided: ${why}.`);
  };
  if (payment.voidedAt)
    refuse(`it was voided already on ${formatDate(payment.voidedAt)} by ${payment.voidedByName ?? "an employee"}`);
  if (payment.kind === "balance") refuse("it was drawn from the prepaid balance, not received");
  if (payment.kind === "refund") refuse("it is a refund paid back to the client, not money received");
  if (invoice.status === "void") refuse(`invoice ${number} is void`);
  if (begun.length > 0) refuse(`licensing has begun for request ${begun.map((id) => `#${id}`).join(", ")}`);
}

/** The staff invoice page: for each of the invoice's payments, whether it may be voided or why not. */
export async function paymentVoidActions(
  db: Conn,
  actor: Actor,
  invoice: Pick<InvoiceView, "id" | "number" | "status" | "payments">,
): Promise<Record<number, Permission>> {
  const employee = permission(() => requireEmployee(actor, "void payments"));
  const begun = await begunRequests(db, invoice.id);
  return Object.fromEntries(
    invoice.payments.map((p) => [
      p.id,
      employee.allowed
        ? permission(() =>
            requireVoidable({ kind: p.kind, voidedAt: p.voidedAt, voidedByName: null }, invoice, invoice.number, begun),
          )
        : employee,
    ]),
  );
}

/**
 * What the payment settled on the invoice and what went to the balance, as its own ledger entry posted them. A payment
 * received and its `payment_received` entry are written together (receivePayment), so the n-th of one on an invoice is
 * the n-th of the other.
 */
async function appliedParts(tx: Tx, payment: PaymentRow): Promise<{ applied: number; toBalance: number }> {
  const invoiceId = payment.invoiceId!;
  const received = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.kind, [...RECEIVED_KINDS])))
    .orderBy(asc(payments.id));
  const entries = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.invoiceId, invoiceId), eq(ledgerEntries.kind, "payment_received")))
    .orderBy(asc(ledgerEntries.id));
  const entry = entries[received.findIndex((p) => p.id === payment.id)];
  if (!entry) throw new Error(`payment ${payment.id} has no ledger entry of its own`);
  const postings = await tx
    .select({ account: ledgerPostings.ledgerAccount, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entry.id));
  const credited = (account: string) => -(postings.find((p) => p.account === account)?.amount ?? 0);
  return { applied: credited("receivable"), toBalance: credited("client_balance") };
}
