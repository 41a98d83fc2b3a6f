import type { Actor } from "@/lib/auth/actor";
import { allOf, allowed, permission, refused } from "@/lib/auth/permission";
import { requireBillingReader, requireCardPayable, requireCardPayer, requireInvoiceIssuer } from "./billing-rules";

/**
 * What `actor` may do on the Billing page, each with the reason when refused: see it at all (getBilling's gate), and
 * invoice the requests waiting for an invoice (issueInvoice's gate; nothing to invoice is said as the reason).
 * `waiting`: how many requests wait for an invoice (getBilling's `awaitingInvoice.total`), absent before it is read.
 */
export function billingActions(actor: Actor, billing?: { awaitingInvoice: { total: number } }) {
  const view = permission(() => requireBillingReader(actor));
  const waiting = billing?.awaitingInvoice.total ?? 0;
  const issueInvoice = allOf(
    view,
    permission(() => requireInvoiceIssuer(actor)),
    waiting > 0 ? allowed : refused("No request is waiting for an invoice."),
  );
  return {
    view,
    /** An invoice for the ticked requests, or for every request of one album that waits for one. */
    issueInvoice,
  };
}

/**
 * "Pay by card" on one invoice of the Billing page, with the reason when refused: startCardCheckout's gates (client
 * staff; card payments set up, `cardPayments` being getBilling's answer; the invoice open with something due).
 */
export function payByCard(
  actor: Actor,
  invoice: { number: string; status: string; due: string },
  cardPayments: boolean,
) {
  return allOf(
    permission(() => requireBillingReader(actor)),
    permission(() => requireCardPayer(actor)),
    permission(() => requireCardPayable(invoice, cardPayments)),
  );
}
