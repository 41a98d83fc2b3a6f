import type { Tx } from "@/db/client";
import { clientStaffOf, notifyPeople } from "@/lib/notifications/notify-people";
import { paymentReceivedMail, type PaymentNews } from "@/lib/notifications/payment-received-mail";
import { formatAmount } from "./amounts";
import { invoiceNumber } from "./invoice-number";
import type { InvoiceRow } from "./settle-invoice";

/**
 * Payment received: the account's client staff are mailed what arrived and what the invoice still asks, one mail per
 * payment, in the transaction that records it (whoever records it: staff, or a card payment).
 */
export async function tellPaymentReceived(
  tx: Tx,
  invoice: InvoiceRow,
  received: { method: PaymentNews["method"]; amount: number; reference: string; receivedOn: string },
  applied: number,
): Promise<void> {
  const mail = paymentReceivedMail({
    invoice: { id: invoice.id, number: invoiceNumber(invoice) },
    method: received.method,
    amount: formatAmount(received.amount),
    reference: received.reference,
    receivedOn: received.receivedOn,
    toBalance: formatAmount(received.amount - applied),
    stillDue: formatAmount(Math.max(invoice.total - invoice.settled - applied, 0)),
  });
  await notifyPeople(tx, await clientStaffOf(tx, invoice.accountId), {
    kind: "payment_received",
    purpose: "client_notification",
    ...mail,
  });
}
