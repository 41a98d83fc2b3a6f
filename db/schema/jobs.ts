import { date, integer, pgTable } from "drizzle-orm/pg-core";
import { created } from "./columns";
import { outboxMessages } from "./outbox";

/**
 * One row per day of the service's calendar on which the notice-deadline digest was made: whichever process inserts
 * the day's row writes the digest, every other finds it taken (several servers and workers on one database).
 */
export const dailyDigests = pgTable("daily_digests", {
  day: date("day", { mode: "string" }).primaryKey(),
  notices: integer("notices").notNull(),
  /** The digest mail; null when nothing was due, so nothing was sent. */
  outboxMessageId: integer("outbox_message_id").references(() => outboxMessages.id),
  dateAdded: created(),
});
