import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { requests } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { formatAmount } from "./amounts";
import { amountDue, amountPaidSql, isPaid, latestInvoiceIdSql } from "./request-amounts";

/** Licensing begins only once the request is paid (product.md §3): else 409 saying what is due and where. */
export async function requirePaid(tx: Tx, requestId: number): Promise<void> {
  const [row] = await tx
    .select({ royaltyTotal: requests.royaltyTotal, serviceFee: requests.serviceFee, amountPaid: amountPaidSql, invoiceId: latestInvoiceIdSql })
    .from(requests)
    .where(eq(requests.id, requestId));
  const due = amountDue(row!);
  if (isPaid(due.total, row!.amountPaid)) return;
  const where = row!.invoiceId === null ? "it is not on an invoice yet" : `invoice ${row!.invoiceId} is not fully paid`;
  throw new DomainError(
    "invalid_transition",
    `Request ${requestId} is not paid: $${formatAmount(due.total - row!.amountPaid)} of $${formatAmount(due.total)} is due and ${where}. Licensing begins once it is paid.`,
  );
}
