import { sql } from "drizzle-orm";
import { formatAmount, roundToCents } from "./amounts";

// The request is named in full ("requests"."id"): drizzle leaves columns unqualified in a single-table select.

/** What a request's invoices that are fully paid cover of it (credited lines left out), in hundredths of a cent. */
export const amountPaidSql = sql<number>`coalesce((select sum(il.amount) from invoice_lines il
  join invoices i on i.id = il.invoice_id
  where il.request_id = "requests"."id" and i.status = 'paid' and il.credited_at is null), 0)`.mapWith(Number);

/** The latest unvoided invoice holding the request, if any. */
export const latestInvoiceIdSql = sql<number | null>`(select i.id from invoice_lines il
  join invoices i on i.id = il.invoice_id
  where il.request_id = "requests"."id" and i.status <> 'void' order by i.id desc limit 1)`;

/** royalty + service fee, each rounded half up to cents as an invoice line rounds them. */
export function amountDue(request: { royaltyTotal: number; serviceFee: number }) {
  const royalty = roundToCents(request.royaltyTotal);
  const fee = roundToCents(request.serviceFee);
  return { royalty, fee, total: royalty + fee };
}

/** Paid: fully paid invoices cover what it owes now (a request that owes nothing, such as a medley whole, counts as paid). */
export const isPaid = (due: number, paid: number) => due === 0 || paid >= due;

/**
 * The `amountDue` block of the request view (client staff and employees; never shown to licensees); `provisional`
 * as its royalty's (priced at the latest year's rate until the release year's is entered).
 */
export function amountDueView(request: {
  royaltyTotal: number;
  serviceFee: number;
  amountPaid: number;
  invoiceId: number | null;
  royaltyProvisional: boolean;
}) {
  const due = amountDue(request);
  return {
    royalty: formatAmount(due.royalty),
    fee: formatAmount(due.fee),
    total: formatAmount(due.total),
    currency: "USD" as const,
    paid: isPaid(due.total, request.amountPaid),
    invoiceId: request.invoiceId,
    provisional: request.royaltyProvisional,
  };
}
