import { boolean, integer, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";
import { accounts } from "./accounts-and-people";
import { albums } from "./albums";
import { statusCodeEnum } from "./requests";
import { visibilityEnum } from "./wall";

/**
 * How many requests each account has in each status, kept by triggers on `requests` in the writing transaction
 * (migration 0020; docs/decisions/kept-counts.md). A count is the sum over the shards: each
 * backend adds to its own shard, so concurrent creates of one account do not queue on one row's lock. A shard's
 * figure may go negative (a request filed on one shard and moved on another); only the sum means anything.
 */
export const requestCounts = pgTable(
  "request_counts",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    statusCode: statusCodeEnum("status_code").notNull(),
    shard: smallint("shard").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.statusCode, t.shard] })],
);

/** How many posts each album's wall has of each visibility, top-level (the portal's threads) or replies; kept by triggers on `wall_posts`. */
export const wallPostCounts = pgTable(
  "wall_post_counts",
  {
    albumId: integer("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    visibility: visibilityEnum("visibility").notNull(),
    topLevel: boolean("top_level").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.visibility, t.topLevel] })],
);
