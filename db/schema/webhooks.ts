import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { WEBHOOK_EVENTS } from "../../lib/webhooks/events";
import { accounts } from "./accounts-and-people";
import { created } from "./columns";

export const webhookEventEnum = pgEnum("webhook_event", WEBHOOK_EVENTS);
/** `expired`: waited 30 days for its endpoint to be turned back on (docs/webhooks.md). */
export const webhookDeliveryStatusEnum = pgEnum("webhook_delivery_status", ["pending", "sent", "expired"]);

/** PostgreSQL's 64-bit transaction id, read as a decimal string. */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/** Where a client account wants its events sent. The secret signs them (Standard Webhooks), so it is kept as is. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    url: text("url").notNull(),
    events: webhookEventEnum("events").array().notNull(),
    secret: text("secret").notNull(),
    /** After a rotation the old secret signs too (a second signature) until `previousSecretExpiresAt`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true, mode: "date" }),
    enabled: boolean("enabled").notNull().default(true),
    /** Why the endpoint was turned off by the service (failing for 3 days); null when on, or off by its owner. */
    disabledReason: text("disabled_reason"),
    /** The first failure since the last success: 3 days of failures in a row turn the endpoint off. */
    failingSince: timestamp("failing_since", { withTimezone: true, mode: "date" }),
    dateAdded: created(),
  },
  (t) => [index("webhook_endpoints_account_idx").on(t.accountId)],
);

/**
 * Every event of a client account, kept 30 days for `GET /api/events`. `position` orders them as they committed: it is
 * set after the writing transaction committed (lib/webhooks), so a reader paging by it never skips a row that
 * committed late; `xid` is the writing transaction, which says when that is safe.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    type: webhookEventEnum("type").notNull(),
    requestId: integer("request_id"),
    data: jsonb("data").notNull(),
    xid: xid8("xid")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    position: bigint("position", { mode: "number" }).unique(),
    created: timestamp("created", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("events_account_position_idx").on(t.accountId, t.position),
    index("events_unpositioned_idx")
      .on(t.id)
      .where(sql`${t.position} is null`),
    index("events_created_idx").on(t.created),
  ],
);

/**
 * One event for one endpoint, written in the transaction of the change. Never given up on its own: it is retried with
 * backoff until sent, or waits while its endpoint is off. `requestId` orders the events of one request.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The `webhook-id` header: the same on every attempt, so receivers can drop repeats. */
    messageId: text("message_id").notNull().unique(),
    event: webhookEventEnum("event").notNull(),
    /** The stored event this delivers (null for deliveries written before events were stored, and test events). */
    eventId: bigint("event_id", { mode: "number" }).references(() => events.id, { onDelete: "set null" }),
    requestId: integer("request_id"),
    payload: jsonb("payload").notNull(),
    status: webhookDeliveryStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    lastResponseCode: integer("last_response_code"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    dateAdded: created(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.requestId, t.id),
  ],
);
