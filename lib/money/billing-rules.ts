import { requireRole, type Actor } from "@/lib/auth/actor";
import { DomainError } from "@/lib/errors";
import { requireClient } from "@/lib/auth/require-client";

/** The Billing page (invoices, payments, the prepaid balance) is client staff's, for their own account. */
export const requireBillingReader = (actor: Actor) => requireClient(actor, "see the account's billing");

/** Client staff invoice their own account's requests; employees any one account's. */
export const requireInvoiceIssuer = (actor: Actor) => requireRole(actor, ["client", "employee"], "issue invoices");

/** Client staff pay their own account's invoices by card, members and admins alike (members issue invoices too). */
export const requireCardPayer = (actor: Actor) => requireClient(actor, "pay invoices by card");

/**
 * An invoice takes a card payment while it is open with something due, and only while card payments are set up
 * (both Stripe keys: docs/payments.md). Unset, the endpoint is as absent as the webhook is.
 */
export function requireCardPayable(invoice: { number: string; status: string; due: string }, cardPayments: boolean) {
  if (invoice.status !== "open" || invoice.due === "0.00")
    throw new DomainError(
      "invoice_not_open",
      invoice.status === "open"
        ? `Invoice ${invoice.number} has nothing due.`
        : `Invoice ${invoice.number} is ${invoice.status}; nothing is due on it.`,
    );
  if (!cardPayments) throw new DomainError("not_found", "Card payments are not set up; pay by bank transfer or check.");
}
