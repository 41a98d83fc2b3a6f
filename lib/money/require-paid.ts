import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoices, requests } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { formatAmount } from "./amounts";
import { invoiceNumber } from "./invoice-number";
import { amountDue, amountPaidSql, isPaid, latestInvoiceIdSql } from "./request-amounts";
import { outstanding } from "./settle-invoice";
import { formatUsd } from "@/lib/formatting";

/**
 * Licensing begins only once the request is paid (docs/product-rules.md, "Paid requests and credits"): else 409 not_paid saying
 * what is due and where.
 */
export async function requirePaid(tx: Tx, requestId: number): Promise<void> {
  const [row] = await tx
    .select({
      royaltyTotal: requests.royaltyTotal,
      serviceFee: requests.serviceFee,
      amountPaid: amountPaidSql,
      invoiceId: latestInvoiceIdSql,
    })
    .from(requests)
    .where(eq(requests.id, requestId));
  const due = amountDue(row!);
  if (isPaid(due.total, row!.amountPaid)) return;
  const [invoice] =
    row!.invoiceId === null ? [] : await tx.select().from(invoices).where(eq(invoices.id, row!.invoiceId));
  const where = invoice
    ? `invoice ${invoiceNumber(invoice)} has ${formatUsd(formatAmount(outstanding(invoice)))} of ${formatUsd(formatAmount(invoice.total))} still to pay`
    : "it is not on an invoice yet";
  throw new DomainError(
    "not_paid",
    `Request ${requestId} is not paid (${formatUsd(formatAmount(due.total))} royalty and fee): ${where}. Licensing begins once it is paid.`,
  );
}
