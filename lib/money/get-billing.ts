import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireClient } from "@/lib/requests/require-client";
import { balanceOf } from "./account-balance";
import { invoicePage } from "./invoice-view";
import { listOpenLines, listOwing } from "./requests-owing";

/**
 * The client's Billing page: what requests still owe that no invoice holds yet (top-ups included), what open invoices
 * ask for request by request, the invoices, balance and payments.
 */
export async function getBilling(db: Conn, actor: Actor) {
  const client = requireClient(actor, "see the account's billing");
  const scope = { accountId: client.accountId };
  const [awaitingInvoice, onOpenInvoices, invoices, balance] = await Promise.all([
    listOwing(db, scope),
    listOpenLines(db, scope),
    invoicePage(db, client, { offset: 0, limit: 100 }),
    balanceOf(db, client.accountId),
  ]);
  return { awaitingInvoice, onOpenInvoices, invoices, ...balance };
}
