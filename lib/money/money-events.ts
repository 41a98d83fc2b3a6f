import type { Tx } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { formatAmount } from "./amounts";
import { findInvoice } from "./invoice-view";

/** The account's client staff, as the event's reader: a body shows what GET /api/invoices/{id} shows them. */
const readerOf = (accountId: number): Actor => ({
  kind: "client",
  name: "webhook",
  accountId,
  role: "admin",
  userId: null,
  apiKeyId: null,
});

/** `invoice.issued` or `invoice.paid`, with the invoice as it stands in this transaction. */
export async function enqueueInvoiceEvent(
  tx: Tx,
  type: "invoice.issued" | "invoice.paid",
  invoice: { id: number; accountId: number },
): Promise<void> {
  const data = async () => ({ invoice: await findInvoice(tx, readerOf(invoice.accountId), invoice.id) });
  await enqueueWebhookEvent(tx, { accountId: invoice.accountId, type, requestId: null, data });
}

/** `payment.recorded`: money received for an invoice (all of it, or what went to the balance). */
export async function enqueuePaymentRecorded(
  tx: Tx,
  payment: {
    id: number;
    accountId: number;
    invoiceId: number;
    kind: string;
    amount: number;
    applied: number;
    reference: string;
    receivedOn: string;
  },
): Promise<void> {
  const data = () =>
    Promise.resolve({
      payment: {
        id: payment.id,
        invoiceId: payment.invoiceId,
        kind: payment.kind,
        amount: formatAmount(payment.amount),
        toInvoice: formatAmount(payment.applied),
        toBalance: formatAmount(payment.amount - payment.applied),
        reference: payment.reference,
        receivedOn: payment.receivedOn,
      },
    });
  await enqueueWebhookEvent(tx, { accountId: payment.accountId, type: "payment.recorded", requestId: null, data });
}

/** `request.credited`: a request that ended without a license had its invoice lines credited. */
export async function enqueueRequestCredited(
  tx: Tx,
  request: { id: number; accountId: number },
  done: { offInvoices: number; toBalance: number },
): Promise<void> {
  const data = () =>
    Promise.resolve({
      requestId: request.id,
      offInvoices: formatAmount(done.offInvoices),
      toBalance: formatAmount(done.toBalance),
    });
  await enqueueWebhookEvent(tx, {
    accountId: request.accountId,
    type: "request.credited",
    requestId: request.id,
    data,
  });
}
