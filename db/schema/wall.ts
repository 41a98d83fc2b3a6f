import { index, integer, pgEnum, pgTable, serial, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads this file without the tsconfig paths.
import { VISIBILITIES } from "../../lib/wall/visibilities";
import { accounts, actorKindEnum, licensees, users } from "./accounts-and-people";
import { albums } from "./albums";
import { created } from "./columns";

export const visibilityEnum = pgEnum("visibility", VISIBILITIES);

/** An album's message wall: posts and their replies (parentId). */
export const wallPosts = pgTable(
  "wall_posts",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    albumId: integer("album_id")
      .notNull()
      .references(() => albums.id),
    parentId: integer("parent_id").references((): AnyPgColumn => wallPosts.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    visibility: visibilityEnum("visibility").notNull().default("private"),
    authorKind: actorKindEnum("author_kind").notNull(),
    authorName: text("author_name").notNull(),
    authorUserId: integer("author_user_id").references(() => users.id),
    /** The account of a client or licensee author; null when an employee wrote it. */
    authorAccountId: integer("author_account_id").references(() => accounts.id),
    authorLicenseeId: uuid("author_licensee_id").references(() => licensees.id),
    dateAdded: created(),
  },
  (t) => [
    index("wall_posts_album_date_idx").on(t.albumId, t.dateAdded, t.id),
    index("wall_posts_parent_idx").on(t.parentId),
    // The staff dashboard's newest posts of every account.
    index("wall_posts_date_idx").on(t.dateAdded, t.id),
  ],
);
