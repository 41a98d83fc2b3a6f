import { timestamp } from "drizzle-orm/pg-core";

/** The creation and last-change stamps most tables carry. */
export const created = () => timestamp("date_added", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updated = () => timestamp("date_updated", { withTimezone: true, mode: "date" }).notNull().defaultNow();
