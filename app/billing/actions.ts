"use server";

import { redirect } from "next/navigation";
import { postedForm } from "@/lib/forms/posted-form";
import { formAction } from "@/lib/forms/form-action";
import { issueInvoice } from "@/lib/billing/issue-invoice";
import { startCardCheckout } from "@/lib/billing/start-card-checkout";
import { cardCheckoutForm, issueInvoiceSchema } from "@/lib/money/schemas";

const issuing = { roles: ["client"], doing: "issue invoices", schema: issueInvoiceSchema } as const;

/** Issues one invoice for the requests ticked on the Billing page (the same use case as POST /api/invoices). */
export async function issueInvoiceAction(posted: FormData) {
  const data = postedForm(posted);
  const values = { requestIds: data.getAll("requestId").map(Number) };
  return formAction({ ...issuing, values, revalidate: ["/billing"] }, async ({ db, actor, input }) => ({
    number: (await issueInvoice(db, actor, input)).number,
  }));
}

/** "Invoice all of this album" on the Billing and album pages: POST /api/invoices with `{ albumId }`. */
export async function issueAlbumInvoiceAction(posted: FormData) {
  const data = postedForm(posted);
  const values = { albumId: Number(data.get("albumId")) };
  const revalidate = ["/billing", `/albums/${values.albumId}`];
  return formAction({ ...issuing, values, revalidate }, async ({ db, actor, input }) => ({
    number: (await issueInvoice(db, actor, input)).number,
  }));
}

/** "Pay by card" on an open invoice: the same use case as POST /api/invoices/{id}/checkout, then Stripe's page. */
export async function payByCardAction(posted: FormData) {
  const values = { invoiceId: postedForm(posted).get("invoiceId") };
  const options = { roles: ["client"], doing: "pay invoices by card", schema: cardCheckoutForm, values } as const;
  const result = await formAction(options, async ({ db, actor, input }) =>
    startCardCheckout(db, actor, input.invoiceId),
  );
  if (result.ok) redirect(result.data.url);
  return result;
}
