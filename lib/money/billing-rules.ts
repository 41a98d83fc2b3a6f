import { requireRole, type Actor } from "@/lib/auth/actor";
import { requireClient } from "@/lib/auth/require-client";

/** The Billing page (invoices, payments, the prepaid balance) is client staff's, for their own account. */
export const requireBillingReader = (actor: Actor) => requireClient(actor, "see the account's billing");

/** Client staff invoice their own account's requests; employees any one account's. */
export const requireInvoiceIssuer = (actor: Actor) => requireRole(actor, ["client", "employee"], "issue invoices");
