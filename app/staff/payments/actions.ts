"use server";

import { postedForm } from "@/lib/forms/posted-form";
import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { recordPayment } from "@/lib/billing/record-payment";
import { voidPayment } from "@/lib/billing/void-payment";
import { refundBalance } from "@/lib/money/refund-balance";
import { paymentSchema, refundSchema, voidPaymentSchema } from "@/lib/money/schemas";
import { voidInvoice } from "@/lib/money/void-invoice";

// Inside the action's work, so that an id that names no invoice is the form's error.
const invoiceIdOf = (id: number) => pathId(String(id), "Invoice");
const staffOnly = { roles: ["employee"], doing: "record payments" } as const;
const pages = (id: unknown) => ["/staff/payments", `/staff/payments/${id}`];

export async function recordPaymentAction(invoiceId: number, posted: FormData) {
  const data = postedForm(posted);
  const values = Object.fromEntries(
    ["amount", "reference", "receivedOn", "method"].map((k) => [k, data.get(k) ?? undefined]),
  );
  return formAction(
    { ...staffOnly, schema: paymentSchema, values, revalidate: pages(invoiceId) },
    async ({ db, actor, input }) => {
      await recordPayment(db, actor, invoiceIdOf(invoiceId), input);
      return null;
    },
  );
}

export async function voidInvoiceAction(invoiceId: number) {
  return formAction({ ...staffOnly, revalidate: pages(invoiceId) }, async ({ db, actor }) => {
    await voidInvoice(db, actor, invoiceIdOf(invoiceId));
    return null;
  });
}

export async function refundAction(invoiceId: number, posted: FormData) {
  const data = postedForm(posted);
  const values = { amount: data.get("amount") ?? undefined, reference: data.get("reference") ?? undefined };
  return formAction(
    { ...staffOnly, schema: refundSchema, values, revalidate: pages(invoiceId) },
    async ({ db, actor, input }) => {
      await refundBalance(db, actor, invoiceIdOf(invoiceId), input);
      return null;
    },
  );
}

export async function voidPaymentAction(invoiceId: number, paymentId: number, posted: FormData) {
  const values = { reason: postedForm(posted).get("reason") ?? undefined };
  return formAction(
    { roles: ["employee"], doing: "void payments", schema: voidPaymentSchema, values, revalidate: pages(invoiceId) },
    async ({ db, actor, input }) => {
      await voidPayment(db, actor, pathId(String(paymentId), "Payment"), input);
      return null;
    },
  );
}
