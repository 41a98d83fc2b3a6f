import { index, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { created } from "./columns";

export const outboxStatusEnum = pgEnum("outbox_status", ["pending", "sent", "failed"]);

/** Durable outbox: mail is written with the change that causes it and delivered by a worker. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial("id").primaryKey(),
    recipients: text("recipients").array().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
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
