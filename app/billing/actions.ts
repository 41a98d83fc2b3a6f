"use server";

import { postedForm } from "@/lib/forms/posted-form";
import { formAction } from "@/lib/forms/form-action";
import { issueInvoice } from "@/lib/billing/issue-invoice";
import { issueInvoiceSchema } from "@/lib/money/schemas";

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
