import { z } from "zod";
import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { balanceOf } from "@/lib/money/account-balance";
import { requireBillingReader } from "@/lib/money/billing-rules";
import { invoicePage } from "@/lib/money/invoice-view";
import { paymentInstructions } from "@/lib/money/payment-instructions";
import { cardPaymentsOn } from "./stripe-client";
import { countOwing, listOpenLines, listOwing, listOwingAlbums, OWING_PAGE_SIZE } from "./requests-owing";

/** The Billing page's query string: which page of the requests waiting for an invoice (`?waiting=2`). */
export const billingParams = z.object({
  waiting: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

/**
 * The client's Billing page: what requests still owe that no invoice holds yet (top-ups included), a page at a time
 * with the albums they are on, what open invoices ask for request by request, the invoices, balance and payments.
 * A page past the end (after the last requests were invoiced) shows the last page. Also how to pay: by card when
 * Stripe is set up (`cardPayments`), and the bank transfer and check instructions.
 */
export async function getBilling(db: Conn, actor: Actor, { waiting = 1 }: z.output<typeof billingParams> = {}) {
  const client = requireBillingReader(actor);
  const scope = { accountId: client.accountId };
  const owingPage = async () => {
    const total = await countOwing(db, scope);
    const page = Math.min(waiting, Math.max(1, Math.ceil(total / OWING_PAGE_SIZE)));
    const items =
      total === 0 ? [] : await listOwing(db, scope, { offset: (page - 1) * OWING_PAGE_SIZE, limit: OWING_PAGE_SIZE });
    return { items, total, page, pageSize: OWING_PAGE_SIZE };
  };
  const [awaitingInvoice, owingAlbums, onOpenInvoices, invoices, balance] = await Promise.all([
    owingPage(),
    listOwingAlbums(db, scope),
    listOpenLines(db, scope),
    invoicePage(db, client, { offset: 0, limit: 100 }).then((page) => page.items),
    balanceOf(db, client.accountId),
  ]);
  return {
    awaitingInvoice,
    owingAlbums,
    onOpenInvoices,
    invoices,
    ...balance,
    cardPayments: cardPaymentsOn(),
    paymentInstructions: paymentInstructions(),
  };
}
