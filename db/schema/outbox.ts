import { sql } from "drizzle-orm";
import { date, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts-and-people";
import { created, updated } from "./columns";

export const outboxStatusEnum = pgEnum("outbox_status", ["pending", "sent", "failed"]);
/**
 * `staff_notification`: wall-post mail for the service's staff (never a licensee). `one_time_link`: an invitation or
 * password link for its addressee, whoever that is; its body is erased once sent (docs/product-rules.md, "Notifications").
 * `client_notification`: a request's news for its account's client staff (never a licensee), e.g. "Need info".
 * `licensee_notification`: a licensee user's own news (their request licensed, a public post on their album's wall).
 */
export const outboxPurposeEnum = pgEnum("outbox_purpose", [
  "staff_notification",
  "one_time_link",
  "client_notification",
  "licensee_notification",
]);

/** The kinds of news a person may choose how to hear about (Settings → Profile); need info and one-time links are not optional. */
export const notificationKindEnum = pgEnum("notification_kind", [
  "invoice_issued",
  "payment_received",
  "licensing_begun",
  "licensed",
  "cannot_license",
  "wall_post",
]);
/** `immediate` (the default when a person chose nothing), `daily` (one digest mail a day at DIGEST_HOUR) or `off`. */
export const notificationModeEnum = pgEnum("notification_mode", ["immediate", "daily", "off"]);

/** Durable outbox: mail is written with the change that causes it and delivered by a worker. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial("id").primaryKey(),
    recipients: text("recipients").array().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    purpose: outboxPurposeEnum("purpose").notNull().default("staff_notification"),
    status: outboxStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    wallPostId: integer("wall_post_id"),
    /** A mail to one person about an optional kind of news: it carries that kind's one-click unsubscribe for them. */
    userId: integer("user_id").references(() => users.id),
    kind: notificationKindEnum("kind"),
    dateAdded: created(),
  },
  (t) => [index("outbox_pending_idx").on(t.status, t.nextAttemptAt)],
);

/** A person's choice for one kind of news; no row is `immediate`. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: notificationKindEnum("kind").notNull(),
    mode: notificationModeEnum("mode").notNull(),
    dateUpdated: updated(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** News held for a person's daily digest; `digestDay` is set when a digest mail took it. */
export const digestItems = pgTable(
  "digest_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: notificationKindEnum("kind").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    digestDay: date("digest_day", { mode: "string" }),
    dateAdded: created(),
  },
  (t) => [
    index("digest_items_waiting_idx")
      .on(t.userId, t.id)
      .where(sql`${t.digestDay} is null`),
  ],
);

/** One row per person and day of the service's calendar a digest mail was written: at most one a day. */
export const userDigests = pgTable(
  "user_digests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    outboxMessageId: integer("outbox_message_id").references(() => outboxMessages.id),
    dateAdded: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
