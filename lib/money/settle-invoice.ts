import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, requests } from "@/db/schema";
import { now } from "@/lib/clock";
import { enqueueInvoiceEvent } from "./money-events";
import { postOwnerRoyalties } from "./owner-royalties";

export type InvoiceRow = typeof invoices.$inferSelect;

/** What is still to pay on an open invoice. */
export const outstanding = (invoice: Pick<InvoiceRow, "status" | "total" | "settled">) =>
  invoice.status === "open" ? Math.max(invoice.total - invoice.settled, 0) : 0;

/**
 * Counts `amount` as settled on the invoice; fully settled, it is paid (which pays its requests). A request on it that
 * is already licensed (a top-up line) has its newly collected royalty split to the owners at once.
 */
export async function settleInvoice(tx: Tx, invoice: InvoiceRow, amount: number): Promise<void> {
  if (amount === 0) return;
  const settled = invoice.settled + amount;
  const paid = settled >= invoice.total;
  await tx
    .update(invoices)
    .set({ settled, ...(paid ? { status: "paid" as const, paidAt: now() } : {}) })
    .where(eq(invoices.id, invoice.id));
  if (!paid) return;
  await enqueueInvoiceEvent(tx, "invoice.paid", invoice);
  const licensed = await tx
    .selectDistinct({ id: requests.id, accountId: requests.accountId })
    .from(invoiceLines)
    .innerJoin(requests, eq(requests.id, invoiceLines.requestId))
    .where(
      and(eq(invoiceLines.invoiceId, invoice.id), isNull(invoiceLines.creditedAt), eq(requests.statusCode, "licensed")),
    );
  for (const request of licensed) await postOwnerRoyalties(tx, request);
}
