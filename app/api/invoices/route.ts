import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { created, cursorList } from "@/lib/http/responses";
import { listInvoices } from "@/lib/money/invoice-view";
import { issueInvoice } from "@/lib/billing/issue-invoice";
import { invoiceListQuery, issueInvoiceSchema } from "@/lib/money/schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const invoice = await issueInvoice(db, actor, parseInput(issueInvoiceSchema, await body()));
    return created(invoice, `/api/invoices/${invoice.id}`);
  },
  { roles: ["client", "employee"] },
);

export const GET = apiRoute(
  async ({ db, actor, url }) => {
    return cursorList(url, await listInvoices(db, actor, parseQuery(invoiceListQuery, url)));
  },
  { roles: ["client", "employee"] },
);
