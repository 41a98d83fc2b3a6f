import { index, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { created } from "./columns";

export const outboxStatusEnum = pgEnum("outbox_status", ["pending", "sent", "failed"]);
/**
 * `staff_notification`: wall-post mail for the service's staff (never a licensee). `one_time_link`: an invitation or
 * password link for its addressee, whoever that is; its body is erased once sent (docs/product-rules.md, "Notifications").
 * `client_notification`: a request's news for its account's client staff (never a licensee), e.g. "Need info".
 */
export const outboxPurposeEnum = pgEnum("outbox_purpose", [
  "staff_notification",
  "one_time_link",
  "client_notification",
]);

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
    dateAdded: created(),
  },
  (t) => [index("outbox_pending_idx").on(t.status, t.nextAttemptAt)],
);
