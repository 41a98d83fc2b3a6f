import { sql } from "drizzle-orm";
import { isoDay } from "@/lib/clock";
import { formatAmount, roundToCents } from "./amounts";
import { formatUsd } from "@/lib/formatting";

// The request is named in full ("requests"."id"): drizzle leaves columns unqualified in a single-table select.

/** What a request's invoices that are fully paid cover of it (credited lines left out), in hundredths of a cent. */
export const amountPaidSql = sql<number>`coalesce((select sum(il.amount) from invoice_lines il
  join invoices i on i.id = il.invoice_id
  where il.request_id = "requests"."id" and i.status = 'paid' and il.credited_at is null), 0)`.mapWith(Number);

/** The latest unvoided invoice holding the request, if any. */
export const latestInvoiceIdSql = sql<number | null>`(select i.id from invoice_lines il
  join invoices i on i.id = il.invoice_id
  where il.request_id = "requests"."id" and i.status <> 'void' order by i.id desc limit 1)`;

/**
 * What was credited back of the request (its credited lines on invoices not voided: a request that ended without a
 * license), in hundredths of a cent.
 */
export const amountCreditedSql = sql<number>`coalesce((select sum(il.amount) from invoice_lines il
  join invoices i on i.id = il.invoice_id
  where il.request_id = "requests"."id" and i.status <> 'void' and il.credited_at is not null), 0)`.mapWith(Number);

/** When the request's last invoice line was credited, if any. */
export const creditedAtSql = sql<Date | null>`(select max(il.credited_at) from invoice_lines il
  join invoices i on i.id = il.invoice_id
  where il.request_id = "requests"."id" and i.status <> 'void' and il.credited_at is not null)`.mapWith(
  (v: string | Date | null) => (v === null ? null : new Date(v)),
);

/**
 * The payable royalty (the total less the shares of owners nobody can pay) + service fee, each rounded half up to
 * cents as an invoice line rounds them, + the Copyright Office filing fees billed (already whole cents).
 */
export function amountDue(request: {
  royaltyTotal: number;
  serviceFee: number;
  royaltyNotPayable?: number;
  officeFee?: number;
}) {
  const royalty = roundToCents(request.royaltyTotal - (request.royaltyNotPayable ?? 0));
  const fee = roundToCents(request.serviceFee);
  const officeFee = request.officeFee ?? 0;
  return { royalty, fee, officeFee, total: royalty + fee + officeFee };
}

/** A physical format's quote discloses the Office's fee per title (null: a digital format, never filed). */
export const officeFeeNote = (perTitle: number | null) =>
  perTitle === null
    ? null
    : `If an owner can't be found, the Copyright Office's filing fee of ${formatUsd(formatAmount(perTitle))} per title is billed.`;

/** Paid: fully paid invoices cover what it owes now (a request that owes nothing, such as a medley whole, counts as paid). */
export const isPaid = (due: number, paid: number) => due === 0 || paid >= due;

/**
 * The `amountDue` block of the request view (client staff and employees; never shown to licensees). A request that
 * ended without a license (`ended`: cannot_license or cancelled) owes nothing: `total` is then what is still due,
 * "0.00", and `paid` is true (nothing is left to pay), while `royalty` and `fee` keep what it was quoted and
 * `credited`/`creditedOn` say what of its invoices was credited back, and when (docs/money.md, "Credited requests");
 * `provisional` as its royalty's (priced at the latest year's rate until the release year's is entered).
 */
export function amountDueView(request: {
  royaltyTotal: number;
  serviceFee: number;
  royaltyNotPayable?: number;
  officeFee?: number;
  /** The Copyright Office's filing fee in force for a title of this format (null: no filing is possible). */
  officeFeePerTitle?: number | null;
  /** Royalty paid and given back to the balance since (a share nobody can be paid): no longer paid for the request. */
  creditedRoyalty?: number;
  amountPaid: number;
  invoiceId: number | null;
  ended?: boolean;
  amountCredited?: number;
  creditedAt?: Date | null;
  royaltyProvisional: boolean;
}) {
  const due = amountDue(request);
  const ended = request.ended ?? false;
  const perTitle = request.officeFeePerTitle ?? null;
  return {
    royalty: formatAmount(due.royalty),
    fee: formatAmount(due.fee),
    officeFee: formatAmount(due.officeFee),
    total: formatAmount(ended ? 0 : due.total),
    currency: "USD" as const,
    paid: ended || isPaid(due.total, request.amountPaid - (request.creditedRoyalty ?? 0)),
    invoiceId: request.invoiceId,
    credited: formatAmount((request.amountCredited ?? 0) + (request.creditedRoyalty ?? 0)),
    creditedOn: request.creditedAt ? isoDay(request.creditedAt) : null,
    officeFeeNote: officeFeeNote(perTitle),
    provisional: request.royaltyProvisional,
  };
}
