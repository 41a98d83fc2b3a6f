import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { formatDay, formatLongDate } from "@/lib/formatting";
import { renderDocumentPdf } from "@/lib/pdf/render-document-pdf";
import { findInvoice } from "./invoice-view";
import { paymentInstructions } from "./payment-instructions";

/**
 * GET /api/invoices/{id}/pdf: the invoice as a PDF, a line per request (song, format, units, royalty, fee), the
 * Copyright Office's filing fee of a title on a line of its own.
 */
export async function invoiceDocument(db: Conn, actor: Actor, invoiceId: number) {
  const invoice = await findInvoice(db, actor, invoiceId);
  const issued = new Date(invoice.dateAdded);
  // The total stays as issued: lines of requests that ended without a license are credited beside it.
  const settledRows: [string, string][] =
    invoice.credited === "0.00"
      ? [["Paid", `$${invoice.settled}`]]
      : [
          ["Credited", `$${invoice.credited} (requests that could not be licensed or were cancelled)`],
          ["Paid or credited", `$${invoice.settled}`],
        ];
  const payment = paymentInstructions(invoice);
  const seller = payment.filter((p) => p.label === "Payee" || p.label === "Address").map((p) => p.value);
  const bytes = await renderDocumentPdf({
    title: `Invoice ${invoice.number}`,
    subtitle: `From ${seller.join(", ")}. To ${invoice.accountName}, issued ${formatLongDate(issued)}, due by ${formatDay(invoice.dueOn, "long")}. Statutory mechanical royalties collected for the copyright owners, and CoverDesk's service fee.`,
    sections: [
      {
        heading: "Lines",
        rows: invoice.lines.map((l) => [
          l.requestId === null ? "Discount" : `Request ${l.requestId}`,
          l.kind !== "request"
            ? `${l.description}: $${l.amount}${l.credited ? " (credited)" : ""}`
            : `${l.description}, ${l.units?.toLocaleString("en-US")} units; royalty $${l.royalty}; fee $${l.fee}; amount $${l.amount}${l.credited ? " (credited)" : ""}${l.provisionalReason ? ` (provisional royalty: ${l.provisionalReason})` : ""}`,
        ]),
      },
      {
        heading: "Total",
        rows: [
          ["Total", `$${invoice.total} USD`],
          ...settledRows,
          ["Due", `$${invoice.due}`],
          ["Status", invoice.status],
        ],
      },
      { heading: "How to pay", rows: payment.map((p): [string, string] => [p.label, p.value]) },
    ],
    footer: "Licensing begins once the invoice is paid. Prepared by CoverDesk.",
    metadata: { title: `Invoice ${invoice.number}`, subject: `CoverDesk invoice ${invoice.number}`, createdAt: issued },
  });
  return { filename: `coverdesk-invoice-${invoice.number}.pdf`, bytes };
}
