import { formatDay, formatUsd } from "@/lib/formatting";
import { billingUrl, invoicePdfUrl } from "./news-links";
import type { Mail } from "./status-news-mail";
import { unlinkable } from "./unlinkable";

/** A payment applied to an invoice, amounts as decimal strings. */
export type PaymentNews = {
  invoice: { id: number; number: string };
  method: "bank_transfer" | "check" | "card";
  amount: string;
  reference: string;
  receivedOn: string;
  /** More than was due, kept on the prepaid balance. */
  toBalance: string;
  /** What the invoice still asks after it. */
  stillDue: string;
};

const METHOD: Record<PaymentNews["method"], string> = {
  bank_transfer: "bank transfer",
  check: "check",
  card: "card payment",
};

/** Payment received: for the account's client staff, one mail per payment. */
export function paymentReceivedMail(payment: PaymentNews): Mail {
  const number = payment.invoice.number;
  return {
    subject: `Payment received: ${formatUsd(payment.amount)} for invoice ${number}`,
    body: [
      `We received your ${METHOD[payment.method]} of ${formatUsd(payment.amount)} (reference ` +
        `${unlinkable(payment.reference)}) on ${formatDay(payment.receivedOn, "long")}, for invoice ${number}.`,
      "",
      payment.stillDue === "0.00"
        ? `Invoice ${number} is paid in full: licensing goes ahead.`
        : `${formatUsd(payment.stillDue)} is still to pay on invoice ${number}.`,
      ...(payment.toBalance !== "0.00"
        ? [
            `${formatUsd(payment.toBalance)} more than was due went to your prepaid balance; your next invoices draw on it.`,
          ]
        : []),
      "",
      `Billing: ${billingUrl()}`,
      `The invoice (PDF): ${invoicePdfUrl(payment.invoice.id)}`,
    ].join("\n"),
  };
}
