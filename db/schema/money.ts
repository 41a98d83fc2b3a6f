import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts, licensees } from "./accounts-and-people";
import { songOwners } from "./catalog";
import { created, updated } from "./columns";
import { requests } from "./requests";

/** Amounts in this file are integer hundredths of a cent, like royalties ($16.99 is 169900). */

/** A volume tier of the fee schedule: from the `fromSong`-th song of one invoice, the fee is reduced by `discountBasisPoints`. */
export type FeeTier = { fromSong: number; discountBasisPoints: number };

/** The service's fee schedule; the latest row is in force. A change is a new row, so quotes keep the one they were made with. */
export const feeSchedules = pgTable(
  "fee_schedules",
  {
    id: serial("id").primaryKey(),
    songFee: integer("song_fee").notNull(),
    /** A reorder's fee as a share of the song fee (5000 = half). */
    reorderBasisPoints: integer("reorder_basis_points").notNull(),
    tiers: jsonb("tiers").$type<FeeTier[]>().notNull(),
    createdByName: text("created_by_name").notNull(),
    dateAdded: created(),
  },
  (t) => [
    check("fee_schedules_song_fee", sql`${t.songFee} >= 0`),
    check("fee_schedules_reorder", sql`${t.reorderBasisPoints} between 0 and 10000`),
  ],
);

export const invoiceStatusEnum = pgEnum("invoice_status", ["open", "paid", "void"]);

/** The last invoice number given out in a year of the service's calendar: bumped in the issuing transaction, so numbers have no gaps. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    year: integer("year").notNull(),
    number: integer("number").notNull(),
    status: invoiceStatusEnum("status").notNull().default("open"),
    total: bigint("total", { mode: "number" }).notNull(),
    /** Settled so far: payments, the prepaid balance drawn, and credits for requests that could not be licensed. */
    settled: bigint("settled", { mode: "number" }).notNull().default(0),
    issuedByName: text("issued_by_name").notNull(),
    /** Payment is due by this day of the service's calendar: the issue day plus PAYMENT_TERMS_DAYS then in force. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
    dateAdded: created(),
  },
  (t) => [
    uniqueIndex("invoices_year_number_unique").on(t.year, t.number),
    /** An account's invoices newest first (Billing, GET /api/invoices): the order is the id's. */
    index("invoices_account_idx").on(t.accountId, t.id),
    /** Open invoices are few at any time (Billing's "payment needed" starts from them). */
    index("invoices_open_idx")
      .on(t.accountId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const invoiceLineKindEnum = pgEnum("invoice_line_kind", ["request", "volume_discount", "office_fee"]);

/** An invoice's lines, rounded half up to cents and frozen when it is issued. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    kind: invoiceLineKindEnum("kind").notNull(),
    requestId: integer("request_id").references(() => requests.id),
    description: text("description").notNull(),
    units: integer("units"),
    royalty: bigint("royalty", { mode: "number" }).notNull(),
    fee: bigint("fee", { mode: "number" }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** Set when the amount went back to the balance (the request could not be licensed or was cancelled). */
    creditedAt: timestamp("credited_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId), index("invoice_lines_request_idx").on(t.requestId)],
);

export const paymentKindEnum = pgEnum("payment_kind", ["bank_transfer", "check", "balance", "refund", "card"]);

/** Money received for an invoice (or paid back from the balance: `refund`), as recorded through a PaymentProvider. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    invoiceId: integer("invoice_id").references(() => invoices.id),
    kind: paymentKindEnum("kind").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    reference: text("reference").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    recordedByName: text("recorded_by_name").notNull(),
    /** A mistaken payment an employee voided (a reversing ledger entry was posted): it no longer counts. */
    voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
    voidedByName: text("voided_by_name"),
    voidReason: text("void_reason"),
    dateAdded: created(),
  },
  (t) => [index("payments_account_idx").on(t.accountId, t.dateAdded), index("payments_invoice_idx").on(t.invoiceId)],
);

/** Every Stripe webhook event handled, by its id: a replayed event finds its row and records nothing. */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type").notNull(),
    /** The Checkout Session the event is about. */
    sessionId: text("session_id").notNull(),
    /** The payment the event recorded; null when it recorded none (not paid yet, or the Session already was). */
    paymentId: integer("payment_id").references(() => payments.id),
    dateAdded: created(),
  },
  /** One card payment per Checkout Session, however many of its events say it was paid. */
  (t) => [
    uniqueIndex("stripe_events_session_paid_unique")
      .on(t.sessionId)
      .where(sql`${t.paymentId} is not null`),
  ],
);

/** The ledger's accounts; client balances and owner payables are kept per client account and per owner. */
export const LEDGER_ACCOUNTS = [
  "cash",
  "receivable",
  "client_balance",
  "royalties_held",
  "fees_earned",
  "royalties_payable",
  /** What CoverDesk paid owners in late fees (37 CFR 385.3) on payouts made after their due date: its own cost. */
  "late_fees",
] as const;
export const ledgerAccountEnum = pgEnum("ledger_account", LEDGER_ACCOUNTS);

/** One balanced double-entry transaction (a constraint trigger refuses the commit otherwise). */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    memo: text("memo").notNull(),
    accountId: integer("account_id").references(() => accounts.id),
    invoiceId: integer("invoice_id").references(() => invoices.id),
    requestId: integer("request_id").references(() => requests.id),
    /**
     * A `royalty_owed` entry: the units and the per-unit rate (hundredths of a cent) the royalty it splits was charged
     * for, so a statement line prints what was charged (a top-up: its own units and the rate difference).
     */
    units: integer("units"),
    ratePerUnit: integer("rate_per_unit"),
    dateAdded: created(),
  },
  (t) => [index("ledger_entries_date_idx").on(t.dateAdded), index("ledger_entries_request_idx").on(t.requestId)],
);

/** A debit (positive) or credit (negative) of one ledger account. */
export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => ledgerEntries.id),
    ledgerAccount: ledgerAccountEnum("ledger_account").notNull(),
    clientAccountId: integer("client_account_id").references(() => accounts.id),
    ownerId: integer("owner_id").references(() => songOwners.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (t) => [
    index("ledger_postings_entry_idx").on(t.entryId),
    index("ledger_postings_client_idx").on(t.clientAccountId, t.ledgerAccount),
    index("ledger_postings_owner_idx").on(t.ownerId, t.ledgerAccount),
  ],
);

/**
 * A month's run of statements of account (`YYYY-MM`), made only once the month has ended in the service's calendar;
 * running it again answers the same. Its statements cover the royalties posted in the month (`cutoff` is its end).
 */
export const statementRuns = pgTable("statement_runs", {
  month: text("month").primaryKey(),
  cutoff: timestamp("cutoff", { withTimezone: true, mode: "date" }).notNull(),
  createdByName: text("created_by_name").notNull(),
  dateAdded: created(),
});

/**
 * One statement of account: one licensee's royalties to one owner posted in a month (`earned`). `owed` is all the
 * owner was owed at the month's end, across licensees. Rows made before statements were per licensee have none.
 */
export const ownerStatements = pgTable(
  "owner_statements",
  {
    id: serial("id").primaryKey(),
    month: text("month")
      .notNull()
      .references(() => statementRuns.month),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => songOwners.id),
    licenseeId: uuid("licensee_id").references(() => licensees.id),
    ownerName: text("owner_name").notNull(),
    licenseeName: text("licensee_name"),
    earned: bigint("earned", { mode: "number" }).notNull(),
    owed: bigint("owed", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("owner_statements_month_owner_licensee_unique").on(t.month, t.ownerId, t.licenseeId)],
);

export const payoutBatches = pgTable("payout_batches", {
  id: serial("id").primaryKey(),
  month: text("month")
    .notNull()
    .unique()
    .references(() => statementRuns.month),
  total: bigint("total", { mode: "number" }).notNull(),
  paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
  paidByName: text("paid_by_name"),
  dateAdded: created(),
});

export const payoutItems = pgTable(
  "payout_items",
  {
    id: serial("id").primaryKey(),
    batchId: integer("batch_id")
      .notNull()
      .references(() => payoutBatches.id),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => songOwners.id),
    ownerName: text("owner_name").notNull(),
    ownerEmail: text("owner_email"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** Set when the owner is owed at least the minimum but cannot be paid ("no bank details"): listed, not paid, still owed. */
    heldReason: text("held_reason"),
    /** The 20th of the month after the batch's month (37 CFR 210.16): paid later, the item owes a late fee. */
    dueOn: date("due_on", { mode: "string" }),
    /** When this item was paid (its batch may be paid in parts: held items later), and the late fee paid with it. */
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    lateFee: bigint("late_fee", { mode: "number" }).notNull().default(0),
  },
  (t) => [uniqueIndex("payout_items_batch_owner_unique").on(t.batchId, t.ownerId)],
);

/**
 * Where an owner's payouts go: an IBAN, or a US routing and account number. Staff enter them; they leave the
 * database only in a payout batch's CSV (the bank upload), everywhere else masked to the last 4 characters.
 */
export const ownerPayoutDetails = pgTable(
  "owner_payout_details",
  {
    ownerId: integer("owner_id")
      .primaryKey()
      .references(() => songOwners.id, { onDelete: "cascade" }),
    accountHolder: text("account_holder").notNull(),
    kind: text("kind", { enum: ["iban", "us_account"] }).notNull(),
    iban: text("iban"),
    routingNumber: text("routing_number"),
    accountNumber: text("account_number"),
    updatedByName: text("updated_by_name").notNull(),
    dateUpdated: updated(),
  },
  (t) => [
    check(
      "owner_payout_details_kind_fields",
      sql`(${t.kind} = 'iban' and ${t.iban} is not null and ${t.routingNumber} is null and ${t.accountNumber} is null)
        or (${t.kind} = 'us_account' and ${t.iban} is null and ${t.routingNumber} is not null and ${t.accountNumber} is not null)`,
    ),
  ],
);
