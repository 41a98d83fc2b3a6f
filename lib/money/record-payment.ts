import type { Tx } from "@/db/client";
import { payments } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { DomainError } from "@/lib/errors";
import { formatAmount } from "./amounts";
import { invoiceNumber } from "./invoice-number";
import { post } from "./ledger";
import { lockInvoice } from "./lock-invoice";
import { manualPayments, type PaymentProvider } from "./payment-provider";
import type { PaymentInput } from "./schemas";
import { outstanding, settleInvoice } from "./settle-invoice";
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
  input: PaymentInput,
  provider: PaymentProvider = manualPayments,
): Promise<void> {
  const invoice = await lockInvoice(tx, invoiceId);
  if (invoice.status !== "open")
    throw new DomainError(
      "invoice_not_open",
      `Invoice ${invoiceNumber(invoice)} is ${invoice.status}; payments are recorded on open invoices.`,
    );
  const received = await provider.confirm(input);
  const applied = Math.min(received.amount, outstanding(invoice));
  await tx.insert(payments).values({
    accountId: invoice.accountId,
    invoiceId,
    kind: received.method,
    amount: received.amount,
    reference: received.reference,
    receivedOn: received.receivedOn,
    recordedByName: employee.name,
  });
  await post(
    tx,
    {
      kind: "payment_received",
      memo: `Payment ${received.reference} for invoice ${invoiceNumber(invoice)}`,
      accountId: invoice.accountId,
      invoiceId,
    },
    [
      { account: "cash", amount: received.amount },
      { account: "receivable", clientAccountId: invoice.accountId, amount: -applied },
      { account: "client_balance", clientAccountId: invoice.accountId, amount: -(received.amount - applied) },
    ],
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
}
