import { isoDay } from "@/lib/clock";
import * as invoicesRoute from "@/app/api/invoices/route";
import * as paymentsRoute from "@/app/api/invoices/[id]/payments/route";
import { getDb } from "@/db";
import { invoices } from "@/db/schema";
import { nextInvoiceNumber } from "@/lib/money/invoice-number";
import { call } from "./api";

export type InvoiceBody = {
  id: number;
  number: string;
  status: string;
  total: string;
  due: string;
  settled: string;
  lines: { requestId: number | null; royalty: string; fee: string; amount: string; kind: string }[];
};

export const issueInvoice = (key: string, requestIds: number[]) =>
  call(invoicesRoute.POST, "POST", "/api/invoices", { key, body: { requestIds } });

export const issueAlbumInvoice = (key: string, albumId: number) =>
  call(invoicesRoute.POST, "POST", "/api/invoices", { key, body: { albumId } });

export const recordPayment = (key: string, invoiceId: number, body: Record<string, unknown>) =>
  call(paymentsRoute.POST, "POST", `/api/invoices/${invoiceId}/payments`, {
    key,
    params: { id: String(invoiceId) },
    body,
  });

/** The client invoices the requests and staff record a bank transfer of the whole total: they are paid. */
export async function invoiceAndPay(
  keys: { client: string; staff: string },
  requestIds: number[],
): Promise<InvoiceBody> {
  const issued = await issueInvoice(keys.client, requestIds);
  if (issued.status !== 201) throw new Error(`issueInvoice failed: ${issued.status} ${JSON.stringify(issued.body)}`);
  const invoice = issued.body as InvoiceBody;
  if (invoice.due === "0.00") return invoice;
  const paid = await recordPayment(keys.staff, invoice.id, {
    amount: invoice.due,
    reference: `TRF-${invoice.number}`,
    receivedOn: isoDay(),
  });
  if (paid.status !== 201) throw new Error(`recordPayment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body as InvoiceBody;
}

/** An open invoice of the account with no lines (a fixture for the id routes, whose request owes nothing yet). */
export async function openInvoiceFixture(accountId: number): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const number = await nextInvoiceNumber(tx, 2026);
    const [row] = await tx
      .insert(invoices)
      .values({ accountId, year: 2026, number, total: 0, issuedByName: "Fixture", dueOn: "2026-12-31" })
      .returning();
    return row!.id;
  });
}
