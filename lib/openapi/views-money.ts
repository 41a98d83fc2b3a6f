import { z } from "zod";
import type { CardCheckout } from "@/lib/billing/start-card-checkout";
import type { FeeScheduleView } from "@/lib/money/fee-schedule-view";
import type { InvoiceSummary, InvoiceView } from "@/lib/money/invoice-view";
import type { MaskedPayoutDetails } from "@/lib/payouts/payout-details-view";
import type { EnteredStatutoryRates } from "@/lib/requests/enter-statutory-rates";
import type { StatutoryRatesList } from "@/lib/royalties/statutory-rates-view";
import type { StatementRunView } from "@/lib/statements/statement-run-view";
import type { QuoteView } from "@/lib/billing/quote-view";
import { amount, day, exactly, royalty, timestamp } from "./views";

// The money views of the API: invoices, the balance, the fee schedule, statutory rates, statements and payouts.

const paymentKind = z.enum(["check", "bank_transfer", "balance", "refund", "card"]);

const invoiceSummaryShape = {
  id: z.int(),
  number: z.string().meta({ example: "2026-00003" }),
  accountId: z.int(),
  accountName: z.string(),
  status: z.enum(["open", "paid", "void"]),
  total: amount,
  settled: amount.meta({ description: "What payments and credits have settled of the total" }),
  credited: amount.meta({
    description:
      "The sum of its credited lines (requests that ended without a license); the issued total stays as issued",
  }),
  due: amount.meta({ description: "What is still to pay: the total less what payments and credits settled" }),
  currency: z.literal("USD"),
  dateAdded: timestamp,
  dueOn: day.meta({ description: "Payment is due by this day: the issue day plus the payment terms then in force" }),
  paidAt: timestamp.nullable(),
  voidedAt: timestamp.nullable(),
};
export const invoiceSummary = exactly<InvoiceSummary>()(z.object(invoiceSummaryShape).meta({ id: "InvoiceSummary" }));

export const invoiceView = exactly<InvoiceView>()(
  z
    .object({
      ...invoiceSummaryShape,
      lines: z.array(
        z.object({
          kind: z.enum(["request", "volume_discount", "office_fee"]),
          requestId: z.int().nullable(),
          description: z.string(),
          units: z.int().nullable(),
          royalty: amount,
          fee: amount,
          amount,
          credited: z.boolean(),
          provisional: z.boolean().meta({
            description:
              "The request's royalty is still provisional (no rate published for its release year yet); the line's amount never changes",
          }),
          provisionalReason: z.string().optional().meta({ description: "When provisional: why, in a sentence" }),
        }),
      ),
      payments: z.array(
        z.object({
          id: z.int(),
          kind: paymentKind,
          amount,
          reference: z.string(),
          receivedOn: day,
          recordedBy: z.string(),
          voidedAt: timestamp
            .nullable()
            .meta({ description: "Set when an employee voided the payment as a mistake: it no longer counts" }),
          voidReason: z.string().optional().meta({ description: "When voided: why, as the employee wrote it" }),
        }),
      ),
    })
    .meta({ id: "Invoice" }),
);

export const cardCheckoutView = exactly<CardCheckout>()(
  z
    .object({
      url: z.url().meta({ description: "Stripe's hosted payment page: send the payer's browser there" }),
      sessionId: z.string().meta({ description: "The Checkout Session's id; the card payment's reference once paid" }),
    })
    .meta({ id: "CardCheckout" }),
);

export const stripeWebhookAnswer = z
  .object({
    received: z.literal(true),
    outcome: z.enum(["recorded", "to_balance", "replayed", "already_recorded", "not_paid", "ignored"]).meta({
      description:
        "What the event did: a card payment recorded on the invoice, or to the balance (the invoice had closed), or nothing and why",
    }),
  })
  .meta({ id: "StripeWebhookAnswer" });

export const balanceView = z
  .object({
    balance: amount,
    currency: z.literal("USD"),
    payments: z.array(
      z.object({
        id: z.int(),
        invoiceId: z.int().nullable(),
        kind: paymentKind,
        amount,
        reference: z.string(),
        receivedOn: day,
        voidedAt: timestamp
          .nullable()
          .meta({ description: "Set when an employee voided the payment as a mistake: it no longer counts" }),
        voidReason: z.string().optional().meta({ description: "When voided: why, as the employee wrote it" }),
      }),
    ),
  })
  .meta({ id: "AccountBalance" });

export const feeScheduleView = exactly<FeeScheduleView>()(
  z
    .object({
      id: z.int(),
      songFee: amount,
      reorderPercent: z.number(),
      tiers: z.array(z.object({ fromSong: z.int(), discountPercent: z.number() })),
      changedBy: z.string().optional().meta({ description: "Service staff only: who set this schedule" }),
      dateAdded: timestamp,
    })
    .meta({ id: "FeeSchedule" }),
);

const statutoryRateShape = {
  year: z.int(),
  perCopyCents: z.string().meta({ description: "Cents per copy", example: "13.10" }),
  perMinuteCents: z.string().meta({ description: "Cents per minute of playing time (or part)", example: "2.52" }),
  enteredBy: z
    .string()
    .nullable()
    .meta({ description: "The employee who entered it; null for the rates set up with the service" }),
  dateAdded: timestamp,
};

export const statutoryRatesList = exactly<StatutoryRatesList>()(
  z
    .object({
      items: z.array(z.object(statutoryRateShape).meta({ id: "StatutoryRate" })),
      nextYear: z.int().nullable().meta({
        description:
          "The year to enter next; releases in it or later are priced provisionally at the latest year's rate until then",
      }),
    })
    .meta({ id: "StatutoryRates" }),
);

export const enteredStatutoryRates = exactly<EnteredStatutoryRates>()(
  z
    .object({
      ...statutoryRateShape,
      repriced: z.int().meta({ description: "Requests priced provisionally that were repriced" }),
      credited: z
        .int()
        .meta({ description: "Invoiced requests whose lower royalty was credited to the client's balance" }),
    })
    .meta({ id: "EnteredStatutoryRates" }),
);

export const statementRunView = exactly<StatementRunView>()(
  z
    .object({
      month: z.string().meta({ example: "2026-11" }),
      cutoff: timestamp.meta({ description: "The month's end in the service's calendar" }),
      ranBy: z.string(),
      dateAdded: timestamp,
      statements: z
        .array(
          z.object({
            ownerId: z.int(),
            ownerName: z.string(),
            licenseeId: z.string().nullable(),
            licenseeName: z.string().nullable(),
            earned: amount.meta({ description: "The licensee's royalties to the owner posted in the month" }),
            owed: amount.meta({ description: "All the owner was owed at the month's end" }),
          }),
        )
        .meta({ description: "A statement of account per licensee per owner" }),
      payoutBatch: z.object({
        total: amount,
        dueOn: day.nullable().meta({ description: "The 20th of the month after the statements' month" }),
        paidAt: timestamp.nullable(),
        paidBy: z.string().nullable(),
        items: z.array(
          z.object({
            ownerId: z.int(),
            ownerName: z.string(),
            ownerEmail: z.string().nullable(),
            amount,
            lateFee: amount.meta({ description: "Paid with it, or owed if paid today (37 CFR 385.3)" }),
            paidAt: timestamp.nullable(),
          }),
        ),
        held: z
          .array(
            z.object({
              ownerId: z.int(),
              ownerName: z.string(),
              amount,
              reason: z.string(),
              dueOn: day.nullable(),
              overdue: z.boolean(),
              lateFee: amount.meta({ description: "Owed if paid today; it grows each month until paid" }),
            }),
          )
          .meta({
            description:
              "Owners not paid for want of bank details: still owed, overdue after the due date, with their late fee",
          }),
      }),
    })
    .meta({ id: "StatementRun" }),
);

export const statementRunSummary = z
  .object({ month: z.string(), cutoff: timestamp, payoutTotal: amount, paidAt: timestamp.nullable() })
  .meta({ id: "StatementRunSummary" });

export const payoutDetailsView = exactly<MaskedPayoutDetails>()(
  z
    .object({
      ownerId: z.int(),
      accountHolder: z.string(),
      kind: z.enum(["iban", "us_account"]),
      account: z.string().meta({ description: "The last 4 characters of the IBAN or account number", example: "3000" }),
      updatedBy: z.string(),
      dateUpdated: timestamp,
    })
    .meta({ id: "PayoutDetails" }),
);

export const ownerBalance = z
  .object({
    ownerId: z.int(),
    name: z.string(),
    email: z.string().nullable(),
    earned: amount,
    paidOut: amount,
    owed: amount,
    payoutMinimum: amount.meta({ description: "The least the owner asked to be paid at a time; 0.00: every month" }),
    payoutDetails: payoutDetailsView
      .nullable()
      .meta({ description: "Masked; null: none entered, so payouts are held" }),
  })
  .meta({ id: "OwnerBalance" });

export const quoteView = exactly<QuoteView>()(
  z
    .object({
      requests: z.array(
        z.object({
          trackId: z.int().nullable().meta({ description: "A reorder's track; null for a track the filing would add" }),
          songTitle: z.string(),
          externalTrackId: z.string().nullable(),
          kind: z.enum(["initial", "reorder"]),
          medley: z.enum(["whole", "part"]).nullable().meta({
            description: "A medley's whole (owes nothing: its parts do) or one of its song parts; null for a song",
          }),
          format: z.object({ id: z.int(), title: z.string() }),
          releaseMonth: z.int(),
          releaseYear: z.int(),
          royalty,
          amountDue: z
            .object({
              royalty: amount,
              fee: amount.meta({ description: "The service fee, before any volume discount of its invoice" }),
              officeFee: amount,
              total: amount,
              currency: z.literal("USD"),
              provisional: z.boolean(),
            })
            .meta({ description: "What the filed request's amountDue would say" }),
        }),
      ),
      lines: z
        .array(
          z.object({
            kind: z.enum(["request", "volume_discount", "office_fee"]),
            request: z.int().nullable().meta({ description: "The index in `requests` of the line's request" }),
            description: z.string(),
            units: z.int().nullable(),
            royalty: amount,
            fee: amount,
            amount,
            provisional: z.boolean(),
            provisionalReason: z.string().optional(),
          }),
        )
        .meta({ description: "The lines of the invoice these requests would get on their own (POST /api/invoices)" }),
      royalty: amount,
      fee: amount.meta({ description: "The service fees before the volume discount" }),
      discount: amount.meta({ description: "The invoice's volume discount (a positive amount taken off)" }),
      total: amount.meta({ description: "What the invoice would charge: royalty + fee − discount" }),
      currency: z.literal("USD"),
      provisional: z.boolean().meta({
        description: "Some royalty is priced at the latest year's rate until its release year's is published",
      }),
      officeFeeNote: z.string().nullable().meta({
        description:
          "For a physical format, the Copyright Office's filing fee billed per title if an owner can't be found",
      }),
    })
    .meta({ id: "Quote" }),
);
