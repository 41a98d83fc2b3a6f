import { formatDay, formatUsd } from "@/lib/formatting";
import { billingUrl, invoicePdfUrl } from "./news-links";
import type { Mail } from "./status-news-mail";
import { unlinkable } from "./unlinkable";

/** An invoice just issued, amounts as decimal strings ("131.00"). */
export type IssuedInvoiceNews = {
  id: number;
  number: string;
  total: string;
  /** What the prepaid balance paid at once. */
  fromBalance: string;
  due: string;
  dueOn: string | null;
  requests: { id: number; songTitle: string }[];
};

/** How many requests the mail lists before "and N more". */
const LISTED = 20;

/** Invoice issued, with where to pay it: for the account's client staff. */
export function invoiceIssuedMail(invoice: IssuedInvoiceNews): Mail {
  const paid = invoice.due === "0.00";
  const shown = invoice.requests.slice(0, LISTED);
  const more = invoice.requests.length - shown.length;
  return {
    subject: paid
      ? `Invoice ${invoice.number}: ${formatUsd(invoice.total)}, paid from your prepaid balance`
      : `Invoice ${invoice.number}: ${formatUsd(invoice.due)} to pay`,
    body: [
      `Invoice ${invoice.number} was issued for ${formatUsd(invoice.total)}, for:`,
      ...shown.map((r) => `  Request #${r.id}: "${unlinkable(r.songTitle)}"`),
      ...(more > 0 ? [`  and ${more} more`] : []),
      "",
      ...(invoice.fromBalance !== "0.00"
        ? [`Your prepaid balance paid ${formatUsd(invoice.fromBalance)} of it at once.`]
        : []),
      paid
        ? "Nothing is left to pay: licensing goes ahead."
        : `${formatUsd(invoice.due)} is to pay${invoice.dueOn ? ` by ${formatDay(invoice.dueOn, "long")}` : ""}; ` +
          "licensing goes ahead once it is paid.",
      "",
      `${paid ? "See it" : "Pay it"} on Billing: ${billingUrl()}`,
      `The invoice (PDF): ${invoicePdfUrl(invoice.id)}`,
    ].join("\n"),
  };
}
