import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoiceLines, invoices, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { findInvoice, type InvoiceView } from "@/lib/money/invoice-view";
import { invoiceNumber } from "@/lib/money/invoice-number";
import type { PaymentProvider } from "@/lib/money/payment-provider";
import { receivePayment } from "@/lib/money/record-payment";
import type { PaymentInput } from "@/lib/money/schemas";
import { licenseUnblocked } from "@/lib/requests/license-when-done";
import { lockRequest } from "@/lib/requests/lock-request";

/**
 * POST /api/invoices/{id}/payments: money received for an open invoice (receivePayment). A request in progress whose
 * top-up this pays, and that waited only for it, is licensed in the same transaction.
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
    // Its requests in progress are locked first (album, then request, as every request write does), before the
    // payment takes the account's money lock, so a payment and a status change of the same request never deadlock.
    const inProgress = await tx
      .selectDistinct({ id: requests.id })
      .from(invoiceLines)
      .innerJoin(requests, eq(requests.id, invoiceLines.requestId))
      .where(
        and(
          eq(invoiceLines.invoiceId, invoiceId),
          isNull(invoiceLines.creditedAt),
          eq(requests.statusCode, "in_progress"),
        ),
      )
      .orderBy(asc(requests.id));
    for (const { id } of inProgress) await lockRequest(tx, {}, id);
    await receivePayment(tx, employee, invoiceId, input, provider);
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    await licenseUnblocked(
      tx,
      employee,
      inProgress.map((r) => r.id),
      `The top-up was paid (invoice ${invoiceNumber(invoice!)})`,
    );
  });
  return findInvoice(db, actor, invoiceId);
}
