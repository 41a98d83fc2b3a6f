"use server";

import { formAction } from "@/lib/forms/form-action";
import { issueInvoice } from "@/lib/money/issue-invoice";
import { issueInvoiceSchema } from "@/lib/money/schemas";

/** Issues one invoice for the requests ticked on the Billing page (the same use case as POST /api/invoices). */
export async function issueInvoiceAction(data: FormData) {
  const values = { requestIds: data.getAll("requestId").map(Number) };
  const options = { roles: ["client"], doing: "issue invoices", schema: issueInvoiceSchema, values, revalidate: ["/billing"] } as const;
  return formAction(options, async ({ db, actor, input }) => ({ number: (await issueInvoice(db, actor, input)).number }));
}
