import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { created, updated } from "./columns";

export const royaltyKindEnum = pgEnum("royalty_kind", ["statutory", "fixed"]);

/** The song catalog researched by the service's staff. */
export const catalogSongs = pgTable(
  "catalog_songs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    writers: text("writers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The title as matching compares it: normalise_title() of db/migrations/0003_catalog_matching.sql. */
    titleNormalised: text("title_normalised")
      .notNull()
      .generatedAlwaysAs(sql`normalise_title("title")`),
    /** Its words, each also with one letter left out: title_keys() of the same migration. */
    titleKeys: text("title_keys")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`title_keys("title")`),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [
    index("catalog_songs_title_idx").on(sql`lower(${t.title})`),
    // Songs holding every word of a title (give or take a typo each), and the nearest titles by trigram distance.
    // fastupdate off: a search would otherwise read the whole pending list of recent inserts (up to
    // gin_pending_list_limit) each time.
    index("catalog_songs_title_keys_idx").using("gin", t.titleKeys).with({ fastupdate: false }),
    index("catalog_songs_title_trgm_idx").using("gist", t.titleNormalised.op("gist_trgm_ops")),
  ],
);

/** A copyright owner's share of a catalog song, in basis points (10000 = 100%). */
export const songOwners = pgTable(
  "song_owners",
  {
    id: serial("id").primaryKey(),
    songId: integer("song_id")
      .notNull()
      .references(() => catalogSongs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    /** Where a notice of intention is mailed: the whole address, as it goes on the envelope. */
    postalAddress: text("postal_address"),
    /** The owner designated `email` for receiving notices of intention: only then may a notice be served by email. */
    noticeEmailDesignated: boolean("notice_email_designated").notNull().default(false),
    shareBasisPoints: integer("share_basis_points").notNull(),
    /** The least the owner asked to be paid at a time (hundredths of a cent); 0: paid every month. */
    payoutMinimum: bigint("payout_minimum", { mode: "number" }).notNull().default(0),
    dateAdded: created(),
  },
  (t) => [
    index("song_owners_song_idx").on(t.songId),
    check("song_owners_share_range", sql`${t.shareBasisPoints} > 0 and ${t.shareBasisPoints} <= 10000`),
  ],
);

/**
 * Services that pay interactive-stream mechanicals themselves under the MLC's blanket license (17 U.S.C. § 115(d)):
 * a stream filing only for these is refused, since the client needs no license from us. Staff maintain the list;
 * `name_key` is the name lower-cased, what filings are matched against.
 */
export const blanketLicensedServices = pgTable("blanket_licensed_services", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  nameKey: text("name_key").notNull().unique(),
  dateAdded: created(),
});

/** Release formats and how their royalty is computed; rates are data, not code. */
export const formats = pgTable("formats", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  royaltyKind: royaltyKindEnum("royalty_kind").notNull(),
  /** For fixed-rate formats: hundredths of a cent per unit. */
  fixedRate: integer("fixed_rate"),
  requiresOutlets: boolean("requires_outlets").notNull().default(false),
  /**
   * A physical phonorecord (CD, vinyl, cassette…): only these can be filed with the Copyright Office
   * (docs/product-rules.md, "Formats").
   */
  physical: boolean("physical").notNull().default(false),
});

/** US statutory mechanical rates by year, in hundredths of a cent. */
export const statutoryRates = pgTable("statutory_rates", {
  year: integer("year").primaryKey(),
  perCopy: integer("per_copy").notNull(),
  perMinute: integer("per_minute").notNull(),
  /** Who entered the year's rates on the staff page; null for the rates the migrations seeded. */
  enteredByName: text("entered_by_name"),
  dateAdded: created(),
});

/**
 * The Copyright Office's fee for filing a notice of intention (one title), in hundredths of a cent, from the day it
 * applies: a notice filed on a day pays the latest fee in force then.
 */
export const copyrightOfficeFees = pgTable("copyright_office_fees", {
  effectiveFrom: date("effective_from", { mode: "string" }).primaryKey(),
  noticeOfIntention: integer("notice_of_intention").notNull(),
});
