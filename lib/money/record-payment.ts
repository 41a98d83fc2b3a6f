import type { Tx } from "@/db/client";
import { payments } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { isoDay } from "@/lib/clock";
import { DomainError, validationFailed } from "@/lib/errors";
import { formatDay } from "@/lib/formatting";
import { formatAmount } from "./amounts";
import { invoiceNumber } from "./invoice-number";
import { post } from "./ledger";
import { lockInvoice } from "./lock-invoice";
import { enqueuePaymentRecorded } from "./money-events";
import { manualPayments, type PaymentProvider, type ReceivedPayment } from "./payment-provider";
import { outstanding, settleInvoice, type InvoiceRow } from "./settle-invoice";
import { tellPaymentReceived } from "./tell-payment-received";

/**
 * Money received for an open invoice, in the caller's transaction (the use case is lib/billing/record-payment.ts,
 * which licenses the requests a paid top-up completes). It settles what is due; more than that goes to the account's
 * prepaid balance (which later invoices draw on); less leaves the invoice open, partly paid. The account's client staff
 * are mailed the payment.
 */
export async function receivePayment(
  tx: Tx,
  employee: Actor,
  invoiceId: number,
  input: ReceivedPayment,
  provider: PaymentProvider = manualPayments,
): Promise<{ paymentId: number }> {
  const invoice = await lockInvoice(tx, invoiceId);
  if (invoice.status !== "open")
    throw new DomainError(
      "invoice_not_open",
      `Invoice ${invoiceNumber(invoice)} is ${invoice.status}; payments are recorded on open invoices.`,
    );
  requireReceivedOnInTerm(input.receivedOn, isoDay(invoice.dateAdded));
  const received = await provider.confirm(input);
  const applied = Math.min(received.amount, outstanding(invoice));
  const paymentId = await insertPayment(
    tx,
    employee,
    invoice,
    received,
    applied,
    `Payment ${received.reference} for invoice ${invoiceNumber(invoice)}`,
  );
  await settleInvoice(tx, invoice, applied);
  await tellPaymentReceived(tx, invoice, received, applied);
  await recordAudit(tx, employee, {
    action: "invoice.payment_recorded",
    entityType: "invoice",
    entityId: invoiceId,
    accountId: invoice.accountId,
    detail: {
      amount: formatAmount(received.amount),
      toBalance: formatAmount(received.amount - applied),
      reference: received.reference,
    },
  });
  return { paymentId };
}

/**
 * The payment row and its `payment_received` ledger entry, always written together (voiding a payment reverses the
 * entry written with it): cash in, `applied` off the invoice's receivable, the rest to the account's balance.
 */
async function insertPayment(
  tx: Tx,
  recorder: Actor,
  invoice: InvoiceRow,
  received: ReceivedPayment,
  applied: number,
  memo: string,
): Promise<number> {
  const [payment] = await tx
    .insert(payments)
    .values({
      accountId: invoice.accountId,
      invoiceId: invoice.id,
      kind: received.method,
      amount: received.amount,
      reference: received.reference,
      receivedOn: received.receivedOn,
      recordedByName: recorder.name,
    })
    .returning({ id: payments.id });
  await post(tx, { kind: "payment_received", memo, accountId: invoice.accountId, invoiceId: invoice.id }, [
    { account: "cash", amount: received.amount },
    { account: "receivable", clientAccountId: invoice.accountId, amount: -applied },
    { account: "client_balance", clientAccountId: invoice.accountId, amount: -(received.amount - applied) },
  ]);
  await enqueuePaymentRecorded(tx, {
    id: payment!.id,
    accountId: invoice.accountId,
    invoiceId: invoice.id,
    kind: received.method,
    amount: received.amount,
    applied,
    reference: received.reference,
    receivedOn: received.receivedOn,
  });
  return payment!.id;
}

/**
 * A card payment that arrived for an invoice no longer open (paid by transfer meanwhile, or voided): the money is
 * the client's, so all of it goes to the account's prepaid balance, on a payment row of that invoice, and is audited
 * (docs/decisions/card-payment-on-closed-invoice.md). The caller holds the invoice's lock (lockInvoice).
 */
export async function receiveToBalance(
  tx: Tx,
  actor: Actor,
  invoice: InvoiceRow,
  received: ReceivedPayment,
): Promise<{ paymentId: number }> {
  const paymentId = await insertPayment(
    tx,
    actor,
    invoice,
    received,
    0,
    `Payment ${received.reference} for invoice ${invoiceNumber(invoice)} (${invoice.status}): to the balance`,
  );
  await recordAudit(tx, actor, {
    action: "invoice.payment_to_balance",
    entityType: "invoice",
    entityId: invoice.id,
    accountId: invoice.accountId,
    detail: { amount: formatAmount(received.amount), reference: received.reference, invoiceStatus: invoice.status },
  });
  return { paymentId };
}

/** Money cannot arrive after today or before the invoice asking for it existed (both days in the service calendar). */
function requireReceivedOnInTerm(receivedOn: string, issuedOn: string) {
  const today = isoDay();
  if (receivedOn > today)
    throw validationFailed([
      { path: "receivedOn", message: `can't be in the future (today is ${formatDay(today, "long")})` },
    ]);
  if (receivedOn < issuedOn)
    throw validationFailed([
      { path: "receivedOn", message: `can't be before the invoice was issued on ${formatDay(issuedOn, "long")}` },
    ]);
}
