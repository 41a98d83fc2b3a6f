"use server";

import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { recordPayment } from "@/lib/money/record-payment";
import { refundBalance } from "@/lib/money/refund-balance";
import { paymentSchema, refundSchema } from "@/lib/money/schemas";
import { voidInvoice } from "@/lib/money/void-invoice";

const staffOnly = { roles: ["employee"], doing: "record payments" } as const;
const pages = (id: number) => ["/staff/payments", `/staff/payments/${id}`];

export async function recordPaymentAction(invoiceId: number, data: FormData) {
  const id = pathId(String(invoiceId), "Invoice");
  const values = Object.fromEntries(
    ["amount", "reference", "receivedOn", "method"].map((k) => [k, data.get(k) ?? undefined]),
  );
  return formAction(
    { ...staffOnly, schema: paymentSchema, values, revalidate: pages(id) },
    async ({ db, actor, input }) => {
      await recordPayment(db, actor, id, input);
      return null;
    },
  );
}

export async function voidInvoiceAction(invoiceId: number) {
  const id = pathId(String(invoiceId), "Invoice");
  return formAction({ ...staffOnly, revalidate: pages(id) }, async ({ db, actor }) => {
    await voidInvoice(db, actor, id);
    return null;
  });
}

export async function refundAction(invoiceId: number, data: FormData) {
  const id = pathId(String(invoiceId), "Invoice");
  const values = { amount: data.get("amount") ?? undefined, reference: data.get("reference") ?? undefined };
  return formAction(
    { ...staffOnly, schema: refundSchema, values, revalidate: pages(id) },
    async ({ db, actor, input }) => {
      await refundBalance(db, actor, id, input);
      return null;
    },
  );
}
