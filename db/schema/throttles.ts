import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed one-minute (or longer) windows of counted events, shared by every server process: API calls per key and
 * per account, wall posts per account. One row per scope (`key:12`, `account:3`, `wall:3`), rewritten in place.
 */
export const rateLimitWindows = pgTable("rate_limit_windows", {
  scope: text("scope").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
  hits: integer("hits").notNull(),
});

/**
 * Failed sign-ins per email (whether or not a user has it, so a lockout tells nothing) and per client IP. A scope
 * is locked until `lockedUntil`; each lockout of a run of failures lasts twice as long as the one before.
 */
export const signInThrottles = pgTable("sign_in_throttles", {
  scope: text("scope").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true, mode: "date" }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
});
