import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts-and-people";
import { releases, tracks } from "./albums";
import { formats } from "./catalog";
import { created } from "./columns";

/** One line of a client's sales report, uploaded on a release (issue 14); `batchId` groups one upload's lines. */
export const salesLines = pgTable(
  "sales_lines",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id),
    trackId: integer("track_id")
      .notNull()
      .references(() => tracks.id),
    formatId: integer("format_id")
      .notNull()
      .references(() => formats.id),
    soldOn: date("sold_on", { mode: "string" }).notNull(),
    store: text("store").notNull(),
    units: integer("units").notNull(),
    batchId: uuid("batch_id").notNull(),
    dateAdded: created(),
  },
  (t) => [
    index("sales_lines_track_format_idx").on(t.trackId, t.formatId, t.soldOn),
    index("sales_lines_release_idx").on(t.releaseId, t.soldOn),
    check("sales_lines_units_positive", sql`${t.units} > 0`),
  ],
);

/**
 * A threshold (80 or 100 % of the licensed units) a track's sales in a format crossed. One row per threshold of one
 * licensed quantity: each alerts once, and a reorder that raises the licensed units arms both thresholds again.
 */
export const salesAlerts = pgTable(
  "sales_alerts",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id),
    trackId: integer("track_id")
      .notNull()
      .references(() => tracks.id),
    formatId: integer("format_id")
      .notNull()
      .references(() => formats.id),
    level: integer("level").notNull(),
    licensedUnits: integer("licensed_units").notNull(),
    soldUnits: integer("sold_units").notNull(),
    dateAdded: created(),
  },
  (t) => [
    uniqueIndex("sales_alerts_once_idx").on(t.trackId, t.formatId, t.licensedUnits, t.level),
    index("sales_alerts_account_idx").on(t.accountId, t.dateAdded),
    check("sales_alerts_level", sql`${t.level} in (80, 100)`),
  ],
);
