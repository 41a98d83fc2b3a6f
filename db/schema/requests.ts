import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
} from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads this file without the tsconfig paths.
import { NOTICE_METHODS } from "../../lib/licensing/notice-methods";
import { CANNOT_LICENSE_REASONS, SETTLED_STATUSES, STATUS_CODES } from "../../lib/requests/statuses";
import { accounts, actorKindEnum, users } from "./accounts-and-people";
import { releases, tracks } from "./albums";
import { songOwners } from "./catalog";
import { created, updated } from "./columns";
import { visibilityEnum } from "./wall";
import { feeSchedules } from "./money";

export const requestKindEnum = pgEnum("request_kind", ["initial", "reorder"]);
export const statusCodeEnum = pgEnum("status_code", STATUS_CODES);
export const cannotLicenseReasonEnum = pgEnum("cannot_license_reason", CANNOT_LICENSE_REASONS);
/**
 * How a notice of intention reaches its owner: served on the owner, filed with the Copyright Office (the owner is
 * not in its records, physical formats), or `none` (the owner is not in its records and the format is digital).
 */
export const noticeRouteEnum = pgEnum("notice_route", ["owner", "copyright_office", "none"]);
export const noticeMethodEnum = pgEnum("notice_method", NOTICE_METHODS);
export const requestCostKindEnum = pgEnum("request_cost_kind", ["copyright_office_filing"]);

/** The open requests, as the partial indexes over them state it (the queries' `not in` matches it). */
const open = sql.raw(`status_code not in (${SETTLED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

export const requests = pgTable(
  "requests",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    trackId: integer("track_id")
      .notNull()
      .references(() => tracks.id),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id),
    kind: requestKindEnum("kind").notNull(),
    statusCode: statusCodeEnum("status_code").notNull().default("new"),
    statusReason: cannotLicenseReasonEnum("status_reason"),
    licensingBegunAt: timestamp("licensing_begun_at", { withTimezone: true, mode: "date" }),
    licensedAt: timestamp("licensed_at", { withTimezone: true, mode: "date" }),
    /** The employee working on the request (the queue's "mine"); null while no one has claimed it. */
    assigneeUserId: integer("assignee_user_id").references(() => users.id),
    /** The license's public verification code (/verify/{code}): 128 random bits, given when it is licensed. */
    verificationCode: text("verification_code").unique(),
    /** Royalty snapshot in hundredths of a cent; recomputed whenever its inputs change. */
    royaltyPerUnit: integer("royalty_per_unit").notNull(),
    royaltyQuantity: integer("royalty_quantity").notNull(),
    royaltyTotal: bigint("royalty_total", { mode: "number" }).notNull(),
    /** The release year has no published rate yet: the royalty uses the latest year's and may change (docs/money.md). */
    royaltyProvisional: boolean("royalty_provisional").notNull().default(false),
    /** The part of royaltyTotal owed to owners the Copyright Office's records do not identify: never invoiced. */
    royaltyNotPayable: bigint("royalty_not_payable", { mode: "number" }).notNull().default(0),
    /** Royalty invoiced, then given back to the balance (a lower rate, an owner not identified): live lines less this count. */
    creditedRoyalty: bigint("credited_royalty", { mode: "number" }).notNull().default(0),
    /** Copyright Office filing fees paid for the request, to bill as their own invoice lines (once per filing). */
    officeFee: bigint("office_fee", { mode: "number" }).notNull().default(0),
    /** The service fee quoted at filing (before volume discounts), from the fee schedule then in force. */
    serviceFee: integer("service_fee").notNull(),
    /**
     * What the request's live invoice lines hold (invoices not void, lines not credited), royalty and fee in hundredths
     * of a cent: kept by triggers on invoice_lines and invoices (migration 0022), never written by the app.
     */
    invoicedRoyalty: bigint("invoiced_royalty", { mode: "number" }).notNull().default(0),
    invoicedFee: bigint("invoiced_fee", { mode: "number" }).notNull().default(0),
    /**
     * Invoiceable (need_payment, in_progress, licensed) and its royalty or fee, rounded to cents as `amountDue` rounds
     * them, is more than its live lines hold: Billing's "waiting for an invoice". Set by a trigger on every write of
     * what it depends on (migration 0022), never by the app.
     */
    owing: boolean("owing").notNull().default(false),
    /**
     * The day before the first day of its release's month: the latest its notices can be due (noticeDueOn). Copied
     * from the release by migration 0023's triggers, on the request's insert or move and on the release's change of
     * month, never by the app, so the deadline counts read the open requests' index alone. The default is never kept
     * (the insert trigger replaces it); it only lets inserts leave the column out.
     */
    releaseDueOn: date("release_due_on", { mode: "string" })
      .notNull()
      .default(sql`'-infinity'`),
    feeScheduleId: integer("fee_schedule_id")
      .notNull()
      .references(() => feeSchedules.id),
    /** When the client first changed what the royalty depends on after `ready`, until an employee acknowledges it. */
    changedSinceReadyAt: timestamp("changed_since_ready_at", { withTimezone: true, mode: "date" }),
    /** The royalty total (hundredths of a cent) before that first change: what the staff last saw. */
    royaltyTotalBeforeChange: bigint("royalty_total_before_change", { mode: "number" }),
    /** The client's eligibility answers at filing and when they were given (lib/eligibility); null when none were sent. */
    eligibility: jsonb("eligibility").$type<Record<string, unknown>>(),
    /** An employee's decision that a disqualifying answer does not rule the license out: `{ note, byName, at }`. */
    eligibilityOverride: jsonb("eligibility_override").$type<{ note: string; byName: string; at: string }>(),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [
    uniqueIndex("requests_track_release_unique").on(t.trackId, t.releaseId),
    index("requests_account_status_idx").on(t.accountId, t.statusCode, t.dateAdded),
    index("requests_status_idx").on(t.statusCode, t.dateAdded),
    /** Lists newest (or oldest) first: an account's (GET /api/requests, the portal) and every account's (staff). */
    index("requests_account_date_idx").on(t.accountId, t.dateAdded, t.id),
    index("requests_date_idx").on(t.dateAdded, t.id),
    /** The staff queue's default view: the open requests, longest waiting first. */
    index("requests_open_date_idx").on(t.dateAdded, t.id).where(open),
    /** The deadline counts (dashboard, queue): the open requests by the month their release comes out. */
    index("requests_open_due_idx").on(t.releaseDueOn, t.dateAdded).where(open),
    index("requests_release_idx").on(t.releaseId),
    index("requests_assignee_idx").on(t.assigneeUserId, t.statusCode),
    /** GET /api/requests?updatedSince polls in (dateUpdated, id) order within an account. */
    index("requests_account_updated_idx").on(t.accountId, t.dateUpdated, t.id),
    /** Billing's "waiting for an invoice": the few requests of an account that still owe something. */
    index("requests_owing_idx")
      .on(t.accountId)
      .where(sql`${t.owing}`),
    /**
     * An edit's lock check (albumLockState, under the album's lock): the requests of a track on which licensing has
     * begun, without reading all of its requests (a track reordered thousands of times has thousands).
     */
    index("requests_begun_track_idx")
      .on(t.trackId)
      .where(sql`${t.licensingBegunAt} is not null`),
  ],
);

export const requestStatusEvents = pgTable(
  "request_status_events",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => requests.id),
    fromCode: statusCodeEnum("from_code"),
    toCode: statusCodeEnum("to_code").notNull(),
    reason: cannotLicenseReasonEnum("reason"),
    note: text("note"),
    /** Who may read the note (lib/wall/wall-permissions.ts). */
    noteVisibility: visibilityEnum("note_visibility").notNull().default("public"),
    actorKind: actorKindEnum("actor_kind").notNull(),
    actorName: text("actor_name").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id),
    dateAdded: created(),
  },
  (t) => [index("request_status_events_request_idx").on(t.requestId, t.dateAdded)],
);

/** One notice of intention per owner share of a request's song, served while licensing is in progress. */
export const ownerNotices = pgTable(
  "owner_notices",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => requests.id),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => songOwners.id),
    ownerName: text("owner_name").notNull(),
    shareBasisPoints: integer("share_basis_points").notNull(),
    servedAt: timestamp("served_at", { withTimezone: true, mode: "date" }),
    servedByName: text("served_by_name"),
    servedByUserId: integer("served_by_user_id").references(() => users.id),
    /** The day the notice was served as the employee recorded it (servedAt is when they recorded it), how, and why. */
    servedOn: date("served_on", { mode: "string" }),
    servedMethod: noticeMethodEnum("served_method"),
    servedNote: text("served_note"),
    /** By mail: the carrier (required) and its tracking number. With the Copyright Office: its receipt or debit. */
    servedCarrier: text("served_carrier"),
    servedTrackingNumber: text("served_tracking_number"),
    filingReference: text("filing_reference"),
    /**
     * A notice served after its due date: the employee's attestation that no copy was distributed before it and none
     * was made more than 30 days earlier, `{ noCopiesDistributed, madeWithin30Days, note, dueOn }`.
     */
    lateAttestation: jsonb("late_attestation").$type<{
      noCopiesDistributed: true;
      madeWithin30Days: true;
      note: string;
      dueOn: string;
    }>(),
    /**
     * A voluntary stream license (not § 115): the owner's written acceptance, on the day given, with its reference
     * (a letter, an email, a contract number) and any terms. It stands where a served notice stands for other formats.
     */
    acceptedOn: date("accepted_on", { mode: "string" }),
    acceptanceReference: text("acceptance_reference"),
    acceptanceTerms: text("acceptance_terms"),
    route: noticeRouteEnum("route").notNull().default("owner"),
    /** When an employee found the owner missing from the Copyright Office's records, and who. */
    ownerNotFoundAt: timestamp("owner_not_found_at", { withTimezone: true, mode: "date" }),
    ownerNotFoundByName: text("owner_not_found_by_name"),
    /** When an employee found the owner in the Office's records after all, and who: their share is payable from then. */
    ownerIdentifiedAt: timestamp("owner_identified_at", { withTimezone: true, mode: "date" }),
    ownerIdentifiedByName: text("owner_identified_by_name"),
    dateAdded: created(),
  },
  (t) => [
    uniqueIndex("owner_notices_request_owner_unique").on(t.requestId, t.ownerId),
    index("owner_notices_unserved_idx")
      .on(t.requestId)
      .where(sql`${t.servedAt} is null`),
  ],
);

/** What the service paid on a request's behalf (a Copyright Office filing fee), in hundredths of a cent. */
export const requestCosts = pgTable(
  "request_costs",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    requestId: integer("request_id")
      .notNull()
      .references(() => requests.id),
    kind: requestCostKindEnum("kind").notNull(),
    amount: integer("amount").notNull(),
    description: text("description").notNull(),
    /** The notice the filing fee was paid for: one fee per notice. */
    ownerNoticeId: integer("owner_notice_id")
      .references(() => ownerNotices.id)
      .unique(),
    dateAdded: created(),
  },
  (t) => [index("request_costs_request_idx").on(t.requestId)],
);
