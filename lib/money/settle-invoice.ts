import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoices } from "@/db/schema";
import { now } from "@/lib/clock";

export type InvoiceRow = typeof invoices.$inferSelect;

/** What is still to pay on an open invoice. */
export const outstanding = (invoice: Pick<InvoiceRow, "status" | "total" | "settled">) =>
  invoice.status === "open" ? Math.max(invoice.total - invoice.settled, 0) : 0;

/** Counts `amount` as settled on the invoice; fully settled, it is paid (which pays its requests). */
export async function settleInvoice(tx: Tx, invoice: InvoiceRow, amount: number): Promise<void> {
  if (amount === 0) return;
  const settled = invoice.settled + amount;
  const paid = settled >= invoice.total;
  await tx
    .update(invoices)
    .set({ settled, ...(paid ? { status: "paid" as const, paidAt: now() } : {}) })
    .where(eq(invoices.id, invoice.id));
}
