import { isoDay } from "@/lib/clock";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { invoices } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { findInvoice, type InvoiceView } from "@/lib/money/invoice-view";
import { invoiceNumber } from "@/lib/money/invoice-number";
import type { PaymentProvider } from "@/lib/money/payment-provider";
import { receivePayment } from "@/lib/money/record-payment";
import type { PaymentInput } from "@/lib/money/schemas";
import { licenseUnblocked } from "@/lib/requests/license-when-done";
import { beginPaidRequests, lockInvoiceRequests } from "./begin-paid-requests";

/**
 * POST /api/invoices/{id}/payments: money received for an open invoice (receivePayment). In the same transaction, a
 * request in progress whose top-up this pays, and that waited only for it, is licensed; and once the invoice is paid
 * in full, its requests waiting for payment begin licensing (beginPaidRequests).
 */
export async function recordPayment(
  db: Db,
  actor: Actor,
  invoiceId: number,
  input: PaymentInput,
  provider?: PaymentProvider,
): Promise<InvoiceView> {
  const employee = requireEmployee(actor, "record payments");
  await db.transaction(async (tx) => {
    const locked = await lockInvoiceRequests(tx, invoiceId);
    await receivePayment(tx, employee, invoiceId, { ...input, receivedOn: input.receivedOn ?? isoDay() }, provider);
    await afterPayment(tx, employee, invoiceId, locked);
  });
  return findInvoice(db, actor, invoiceId);
}

/** What a payment moves once applied: top-ups licensed, and on a paid invoice its waiting requests begun. */
export async function afterPayment(
  tx: Tx,
  actor: Actor,
  invoiceId: number,
  locked: { id: number; statusCode: string }[],
) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  const number = invoiceNumber(invoice!);
  await licenseUnblocked(
    tx,
    actor,
    locked.filter((r) => r.statusCode === "in_progress").map((r) => r.id),
    `The top-up was paid (invoice ${number})`,
  );
  if (invoice!.status !== "paid") return { begun: [], notBegun: [] };
  return beginPaidRequests(
    tx,
    actor,
    locked.filter((r) => r.statusCode === "need_payment").map((r) => r.id),
    `Paid (invoice ${number})`,
  );
}
