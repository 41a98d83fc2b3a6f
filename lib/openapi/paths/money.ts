import { z } from "zod";
import {
  feeScheduleSchema,
  invoiceListQuery,
  issueInvoiceSchema,
  paymentSchema,
  refundSchema,
  voidPaymentSchema,
} from "@/lib/money/schemas";
import { statutoryRatesSchema } from "@/lib/royalties/rate-schemas";
import { runStatementsSchema } from "@/lib/statements/schemas";
import { quoteBodySchema } from "@/lib/billing/quote-body";
import { ids, type Operation } from "../operation";
import { payoutDetailsSchema } from "@/lib/payouts/schemas";
import {
  balanceView,
  cardCheckoutView,
  enteredStatutoryRates,
  feeScheduleView,
  invoiceSummary,
  invoiceView,
  ownerBalance,
  payoutDetailsView,
  quoteView,
  statementRunSummary,
  statementRunView,
  statutoryRatesList,
  stripeWebhookAnswer,
} from "../views-money";

const billing = ["client", "employee"] as const;
const staff = ["employee"] as const;
const invoice = ids({ id: "invoice" });
const month = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .meta({ description: "A month, YYYY-MM", example: "2026-11" }),
});
const statementParties = {
  ownerId: z.int().min(1).meta({ description: "The owner's id" }),
  licenseeId: z.uuid().meta({ description: "The licensee's id" }),
};
const statementOwner = month.extend(statementParties);
const annualStatement = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/)
    .meta({ description: "A year, YYYY", example: "2026" }),
  ...statementParties,
});

export const moneyOperations: Operation[] = [
  {
    method: "post",
    path: "/api/invoices",
    tag: "Billing",
    summary: "Invoice requests waiting for payment",
    description:
      "Exactly one of `requestIds` (the requests chosen) or `albumId` (every request of the album still owing something " +
      "no invoice holds). The account's prepaid balance pays what it can at once.",
    roles: billing,
    body: issueInvoiceSchema.meta({ id: "NewInvoice", example: { requestIds: [9] } }),
    success: [{ status: 201, description: "The invoice", schema: invoiceView }],
    errors: ["not_found", "not_invoiceable", "nothing_to_invoice"],
  },
  {
    method: "get",
    path: "/api/invoices",
    tag: "Billing",
    summary: "List invoices",
    roles: billing,
    query: invoiceListQuery,
    success: [
      {
        status: 200,
        description: "A page of invoices, newest first",
        schema: invoiceSummary,
        list: true,
        cursor: true,
      },
    ],
  },
  {
    method: "get",
    path: "/api/invoices/{id}",
    tag: "Billing",
    summary: "Read an invoice",
    roles: billing,
    params: invoice,
    success: [{ status: 200, description: "The invoice with its lines and payments", schema: invoiceView }],
  },
  {
    method: "get",
    path: "/api/invoices/{id}/pdf",
    tag: "Billing",
    summary: "The invoice document (PDF)",
    roles: billing,
    params: invoice,
    success: [{ status: 200, description: "The invoice", contentType: "application/pdf" }],
  },
  {
    method: "post",
    path: "/api/invoices/{id}/payments",
    tag: "Billing",
    summary: "Record a payment received",
    roles: staff,
    params: invoice,
    description:
      "Less than is due leaves the invoice open; more goes to the account's balance. `receivedOn` is a day in the " +
      "service's calendar from the invoice's issue day to today; left out, today. Paid in full, the invoice's " +
      "requests waiting for payment begin licensing.",
    body: paymentSchema.meta({
      id: "NewPayment",
      example: { amount: "147.99", reference: "TRF 4411", receivedOn: "2026-11-23" },
    }),
    success: [{ status: 201, description: "The invoice", schema: invoiceView }],
    errors: ["invoice_not_open"],
  },
  {
    method: "post",
    path: "/api/payments/{id}/void",
    tag: "Billing",
    summary: "Void a payment recorded by mistake",
    description:
      "A bank transfer, check or card payment no longer counts: its ledger entry is reversed and the invoice is open " +
      "again. Only while none of the invoice's requests has begun licensing; a payment drawn from the balance or a " +
      "refund cannot be voided.",
    roles: staff,
    params: ids({ id: "payment" }),
    body: voidPaymentSchema.meta({ id: "VoidPayment", example: { reason: "Recorded on the wrong invoice" } }),
    success: [{ status: 200, description: "The invoice the payment was on", schema: invoiceView }],
    errors: ["payment_not_voidable", "insufficient_balance"],
  },
  {
    method: "post",
    path: "/api/invoices/{id}/checkout",
    tag: "Billing",
    summary: "Start a card payment (Stripe Checkout)",
    description:
      "A Stripe Checkout Session for what is due on the open invoice, in USD. Send the payer to `url` (also the " +
      "`Location`); the payment is recorded when Stripe reports the Session paid. 404 `not_found` when card payments " +
      "are not set up.",
    roles: ["client"],
    params: invoice,
    success: [{ status: 201, description: "The Checkout Session", schema: cardCheckoutView }],
    errors: ["invoice_not_open"],
  },
  {
    method: "post",
    path: "/api/payments/stripe",
    tag: "Billing",
    summary: "Stripe's webhook (card payments)",
    description:
      "For Stripe only: the event is verified with the `Stripe-Signature` header and the webhook's signing secret. " +
      "`checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` record one card payment per " +
      "Session; a replayed event records nothing; other events are acknowledged. 404 when card payments are not set up.",
    public: true,
    body: z
      .looseObject({ id: z.string(), type: z.string() })
      .meta({ id: "StripeEvent", description: "A Stripe event, as Stripe signed it" }),
    success: [{ status: 200, description: "Acknowledged", schema: stripeWebhookAnswer }],
    errors: ["invalid_signature", "not_found"],
  },
  {
    method: "post",
    path: "/api/invoices/{id}/void",
    tag: "Billing",
    summary: "Void an invoice no money was received for",
    roles: staff,
    params: invoice,
    success: [{ status: 200, description: "The invoice", schema: invoiceView }],
    errors: ["invoice_not_open"],
  },
  {
    method: "post",
    path: "/api/invoices/{id}/refund",
    tag: "Billing",
    summary: "Pay money back out of the balance",
    roles: staff,
    params: invoice,
    body: refundSchema.meta({ id: "Refund", example: { amount: "10.00", reference: "REFUND 12" } }),
    success: [{ status: 200, description: "The invoice", schema: invoiceView }],
    errors: ["insufficient_balance"],
  },
  {
    method: "get",
    path: "/api/account/balance",
    tag: "Billing",
    summary: "The account's prepaid balance",
    roles: ["client"],
    success: [{ status: 200, description: "The balance and its payments", schema: balanceView }],
  },
  {
    method: "post",
    path: "/api/quotes",
    tag: "Billing",
    summary: "Quote a filing",
    description:
      "What filing the body would charge, filing nothing: send the body of POST /api/requests, of POST /api/albums, " +
      "or of a reorder (POST /api/tracks/{trackId}/requests) with its `trackId`; a staff key adds the `accountId` it " +
      "quotes for. The body is checked as the filing checks it (the same errors at the same paths); the answer prices " +
      "each request as its view would show it and the invoice they would get on their own, volume discount included.",
    roles: billing,
    body: quoteBodySchema.meta({
      id: "NewQuote",
      example: { trackId: 12, formatId: 1001, releaseQuantity: 500 },
    }),
    success: [{ status: 200, description: "The quote", schema: quoteView }],
    errors: ["not_found", "release_date_in_past", "release_month_closed", "covered_by_blanket_license"],
  },
  {
    method: "get",
    path: "/api/fee-schedule",
    tag: "Billing",
    summary: "The fee schedule in force",
    description:
      "CoverDesk's service fee per song and format, a reorder's share of it and the volume tiers of an invoice. " +
      "Client staff read it too (POST /api/quotes prices a filing with it); a change applies to requests filed afterwards.",
    roles: ["client", "employee"],
    success: [{ status: 200, description: "The schedule", schema: feeScheduleView }],
  },
  {
    method: "put",
    path: "/api/fee-schedule",
    tag: "Billing",
    summary: "Change the fee schedule",
    description: "Applies to requests filed afterwards.",
    roles: staff,
    body: feeScheduleSchema.meta({ id: "FeeScheduleChange" }),
    success: [{ status: 200, description: "The new schedule", schema: feeScheduleView }],
  },
  {
    method: "get",
    path: "/api/statutory-rates",
    tag: "Billing",
    summary: "The statutory mechanical rates by year",
    description:
      "A statutory format released in a year after the latest here is priced at the latest year's rate, `provisional`, until that year's rate is entered.",
    roles: ["client", "employee"],
    success: [{ status: 200, description: "Every year's rates, latest first", schema: statutoryRatesList }],
  },
  {
    method: "post",
    path: "/api/statutory-rates",
    tag: "Billing",
    summary: "Enter the next year's published rates",
    description:
      "The year after the latest (a year's rates are never changed). Every provisional royalty is repriced in the same transaction: a request not invoiced yet quotes the new amount, an invoiced one owing more is left owing the difference (a top-up), one owing less has the difference credited to the client's balance; issued invoices never change.",
    roles: staff,
    body: statutoryRatesSchema.meta({
      id: "NewStatutoryRates",
      example: { year: 2027, perCopy: "13.10", perMinute: "2.52" },
    }),
    success: [{ status: 201, description: "The rates entered, and what was repriced", schema: enteredStatutoryRates }],
  },
  {
    method: "get",
    path: "/api/owners/{id}/payout-details",
    tag: "Owners' royalties",
    summary: "An owner's payout details (masked)",
    roles: staff,
    params: ids({ id: "owner" }),
    success: [
      {
        status: 200,
        description: "The details, the account shown by its last 4 characters",
        schema: payoutDetailsView,
      },
    ],
  },
  {
    method: "put",
    path: "/api/owners/{id}/payout-details",
    tag: "Owners' royalties",
    summary: "Enter or replace an owner's payout details",
    description:
      "An IBAN, or a US routing number and account number. The answer and every page show them masked; only the payout batch CSV carries them in full.",
    roles: staff,
    params: ids({ id: "owner" }),
    body: payoutDetailsSchema.meta({
      id: "PayoutDetailsChange",
      example: { kind: "iban", accountHolder: "Harbor Music Publishing", iban: "DE89370400440532013000" },
    }),
    success: [{ status: 200, description: "The details, masked", schema: payoutDetailsView }],
  },
  {
    method: "get",
    path: "/api/owner-balances",
    tag: "Owners' royalties",
    summary: "What each owner earned, was paid and is owed",
    roles: staff,
    success: [{ status: 200, description: "Every owner with royalties", schema: ownerBalance, list: true }],
  },
  {
    method: "post",
    path: "/api/statements",
    tag: "Owners' royalties",
    summary: "Run the statements of a month",
    description:
      "Only once the month has ended in the service's calendar (409 month_not_ended before). Makes a statement of account per licensee per owner and a payout batch due by the 20th of the next month. Running a month again changes nothing (200); months run in order.",
    roles: staff,
    body: runStatementsSchema.meta({ id: "NewStatementRun", example: { month: "2026-11" } }),
    success: [
      { status: 201, description: "The run", schema: statementRunView },
      { status: 200, description: "The month had already run", schema: statementRunView },
    ],
    errors: ["invalid_transition", "month_not_ended"],
  },
  {
    method: "get",
    path: "/api/statements",
    tag: "Owners' royalties",
    summary: "Every statement run",
    roles: staff,
    success: [{ status: 200, description: "The runs, latest month first", schema: statementRunSummary, list: true }],
  },
  {
    method: "get",
    path: "/api/statements/{month}",
    tag: "Owners' royalties",
    summary: "A month's statements and payout batch",
    roles: staff,
    params: month,
    success: [{ status: 200, description: "The run", schema: statementRunView }],
  },
  {
    method: "get",
    path: "/api/statements/{month}/owners/{ownerId}/licensees/{licenseeId}/pdf",
    tag: "Owners' royalties",
    summary: "A licensee's statement of account to an owner for a month (PDF)",
    description:
      "The content 37 CFR 210 asks for (the licensee's legal name and address; per line the work's title, writers, playing time, principal artist, label, catalog number, ISRC where known, the configuration, units, rate and royalty), certified by CoverDesk as the licensee's agent.",
    roles: staff,
    params: statementOwner,
    success: [{ status: 200, description: "The statement", contentType: "application/pdf" }],
  },
  {
    method: "get",
    path: "/api/statements/{month}/owners/{ownerId}/licensees/{licenseeId}/csv",
    tag: "Owners' royalties",
    summary: "A licensee's statement of account to an owner for a month (CSV)",
    roles: staff,
    params: statementOwner,
    success: [{ status: 200, description: "The statement, a row per line", contentType: "text/csv" }],
  },
  {
    method: "get",
    path: "/api/annual-statements/{year}/owners/{ownerId}/licensees/{licenseeId}/pdf",
    tag: "Owners' royalties",
    summary: "A licensee's annual statement to an owner (PDF)",
    description: "The year's monthly statements summed, once the year has ended in the service's calendar.",
    roles: staff,
    params: annualStatement,
    success: [{ status: 200, description: "The annual statement", contentType: "application/pdf" }],
    errors: ["month_not_ended"],
  },
  {
    method: "get",
    path: "/api/annual-statements/{year}/owners/{ownerId}/licensees/{licenseeId}/csv",
    tag: "Owners' royalties",
    summary: "A licensee's annual statement to an owner (CSV)",
    roles: staff,
    params: annualStatement,
    success: [{ status: 200, description: "The year's lines, each with its month", contentType: "text/csv" }],
    errors: ["month_not_ended"],
  },
  {
    method: "get",
    path: "/api/statements/{month}/payouts/csv",
    tag: "Owners' royalties",
    summary: "The month's payout batch (CSV for a bank's bulk upload)",
    roles: staff,
    params: month,
    success: [{ status: 200, description: "The batch", contentType: "text/csv" }],
  },
  {
    method: "post",
    path: "/api/statements/{month}/payouts/paid",
    tag: "Owners' royalties",
    summary: "Mark the payout batch paid",
    description:
      "Pays the batch's owners that have bank details, each with the late fee of 37 CFR 385.3 if paid after the due date; held owners are paid by marking again once their details are entered (409 `nothing_to_pay` when none is left to pay).",
    roles: staff,
    params: month,
    success: [{ status: 200, description: "The run", schema: statementRunView }],
    errors: ["nothing_to_pay"],
  },
];
