import { apiRoute } from "@/lib/http/api-route";
import { created, idParam } from "@/lib/http/responses";
import { recordPayment } from "@/lib/billing/record-payment";
import { paymentSchema } from "@/lib/money/schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, params, body }) => {
    const invoiceId = idParam(params, "id", "Invoice");
    const invoice = await recordPayment(db, actor, invoiceId, parseInput(paymentSchema, await body()));
    return created(invoice, `/api/invoices/${invoiceId}`);
  },
  { roles: ["employee"] },
);
