import type { IdRoute } from "./id-routes";
import * as invoicesRoute from "@/app/api/invoices/route";
import * as invoiceRoute from "@/app/api/invoices/[id]/route";
import * as invoicePdfRoute from "@/app/api/invoices/[id]/pdf/route";
import * as invoiceVoidRoute from "@/app/api/invoices/[id]/void/route";
import * as invoicePaymentsRoute from "@/app/api/invoices/[id]/payments/route";
import * as invoiceCheckoutRoute from "@/app/api/invoices/[id]/checkout/route";
import * as invoiceRefundRoute from "@/app/api/invoices/[id]/refund/route";
import * as statementRoute from "@/app/api/statements/[month]/route";
import * as statementPdfRoute from "@/app/api/statements/[month]/owners/[ownerId]/licensees/[licenseeId]/pdf/route";
import * as statementCsvRoute from "@/app/api/statements/[month]/owners/[ownerId]/licensees/[licenseeId]/csv/route";
import * as annualPdfRoute from "@/app/api/annual-statements/[year]/owners/[ownerId]/licensees/[licenseeId]/pdf/route";
import * as annualCsvRoute from "@/app/api/annual-statements/[year]/owners/[ownerId]/licensees/[licenseeId]/csv/route";
import * as payoutCsvRoute from "@/app/api/statements/[month]/payouts/csv/route";
import * as payoutsPaidRoute from "@/app/api/statements/[month]/payouts/paid/route";
import * as payoutDetailsRoute from "@/app/api/owners/[id]/payout-details/route";
import * as ownerContactRoute from "@/app/api/owners/[id]/contact/route";

const id = (n: number) => String(n);
/** An owner id and a month the fixtures never have: the staff get 404 on them too. */
const NO_OWNER = 999999;
const NO_MONTH = "2020-01";

/** Money, statements and owners' details; in ID_ROUTES between the licensing workflow and the accounts. */
export const MONEY_ID_ROUTES: IdRoute[] = [
  // Money. The fixture's invoice is open and empty; voided by staff before a payment or refund is tried on it.
  {
    name: "POST /api/invoices",
    what: "the request ids",
    handler: invoicesRoute.POST,
    body: (t) => ({ requestIds: [t.requestId] }),
    permitted: "not_invoiceable",
  },
  { name: "GET /api/invoices/{id}", handler: invoiceRoute.GET, params: (t) => ({ id: id(t.invoiceId) }) },
  { name: "GET /api/invoices/{id}/pdf", handler: invoicePdfRoute.GET, params: (t) => ({ id: id(t.invoiceId) }) },
  {
    name: "POST /api/invoices/{id}/void",
    handler: invoiceVoidRoute.POST,
    params: (t) => ({ id: id(t.invoiceId) }),
    by: "staff",
  },
  {
    name: "POST /api/invoices/{id}/payments",
    handler: invoicePaymentsRoute.POST,
    params: (t) => ({ id: id(t.invoiceId) }),
    body: () => ({ amount: "10.00", reference: "TRF-1", receivedOn: "2026-11-20" }),
    by: "staff",
    permitted: "invoice_not_open",
  },
  {
    // The fixture's invoice has nothing due: its own account is told so, with or without card payments set up.
    name: "POST /api/invoices/{id}/checkout",
    handler: invoiceCheckoutRoute.POST,
    params: (t) => ({ id: id(t.invoiceId) }),
    permitted: "invoice_not_open",
  },
  {
    name: "POST /api/invoices/{id}/refund",
    handler: invoiceRefundRoute.POST,
    params: (t) => ({ id: id(t.invoiceId) }),
    body: () => ({ amount: "10.00", reference: "Refund 1" }),
    by: "staff",
    permitted: "insufficient_balance",
  },
  // Statements of account: the staff's. The fixtures have none (no month was run), so staff get 404 too.
  {
    name: "GET /api/statements/{month}",
    handler: statementRoute.GET,
    params: () => ({ month: NO_MONTH }),
    by: "staff",
    permitted: "not_found",
  },
  // A statement is between an owner and a licensee: a client's licensee gets 404 from the staff too (no owner).
  {
    name: "GET /api/statements/{month}/owners/{ownerId}/licensees/{licenseeId}/pdf",
    handler: statementPdfRoute.GET,
    params: (t) => ({ month: NO_MONTH, ownerId: id(NO_OWNER), licenseeId: t.licenseeId }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "GET /api/statements/{month}/owners/{ownerId}/licensees/{licenseeId}/csv",
    handler: statementCsvRoute.GET,
    params: (t) => ({ month: NO_MONTH, ownerId: id(NO_OWNER), licenseeId: t.licenseeId }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "GET /api/annual-statements/{year}/owners/{ownerId}/licensees/{licenseeId}/pdf",
    handler: annualPdfRoute.GET,
    params: (t) => ({ year: NO_MONTH.slice(0, 4), ownerId: id(NO_OWNER), licenseeId: t.licenseeId }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "GET /api/annual-statements/{year}/owners/{ownerId}/licensees/{licenseeId}/csv",
    handler: annualCsvRoute.GET,
    params: (t) => ({ year: NO_MONTH.slice(0, 4), ownerId: id(NO_OWNER), licenseeId: t.licenseeId }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "GET /api/statements/{month}/payouts/csv",
    handler: payoutCsvRoute.GET,
    params: () => ({ month: NO_MONTH }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "POST /api/statements/{month}/payouts/paid",
    handler: payoutsPaidRoute.POST,
    params: () => ({ month: NO_MONTH }),
    by: "staff",
    permitted: "not_found",
  },
  // Owners' payout details: the staff's. The fixtures have no catalog owners, so staff get 404 too.
  {
    name: "GET /api/owners/{id}/payout-details",
    handler: payoutDetailsRoute.GET,
    params: () => ({ id: id(NO_OWNER) }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "PUT /api/owners/{id}/payout-details",
    handler: payoutDetailsRoute.PUT,
    params: () => ({ id: id(NO_OWNER) }),
    body: () => ({ kind: "iban", accountHolder: "Holder", iban: "GB82 WEST 1234 5698 7654 32" }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "PUT /api/owners/{id}/contact",
    handler: ownerContactRoute.PUT,
    params: () => ({ id: id(NO_OWNER) }),
    body: () => ({ email: "owner@example.com", postalAddress: "1 Main Street" }),
    by: "staff",
    permitted: "not_found",
  },
];
