import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoices } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { lockAccountMoney } from "./account-lock";
import type { InvoiceRow } from "./settle-invoice";

/** For staff money writes on one invoice: the account's money lock, then the invoice re-read under its row lock. */
export async function lockInvoice(tx: Tx, invoiceId: number): Promise<InvoiceRow> {
  const [found] = await tx.select({ accountId: invoices.accountId }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!found) throw notFound(`Invoice ${invoiceId}`);
  await lockAccountMoney(tx, found.accountId);
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  return row!;
}
