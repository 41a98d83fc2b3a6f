import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { accounts, licensees } from "./accounts-and-people";
import { catalogSongs, formats } from "./catalog";
import { created, updated } from "./columns";
import { accountTrigrams, albumSearchText } from "./search-keys";

/** A licensee's album as the client filed it, with its tracks (songs as filed) and releases. */
export const albums = pgTable(
  "albums",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    licenseeId: uuid("licensee_id")
      .notNull()
      .references(() => licensees.id),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [
    index("albums_account_idx").on(t.accountId, t.dateAdded),
    index("albums_licensee_idx").on(t.licenseeId),
    // Request search (lib/requests/request-text-search.ts): substring matches through trigrams.
    index("albums_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("albums_artist_trgm_idx").using("gin", t.artist.op("gin_trgm_ops")),
    index("albums_search_keys_idx").using("gin", accountTrigrams(t.accountId, albumSearchText(t))),
  ],
);

export const tracks = pgTable(
  "tracks",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    albumId: integer("album_id")
      .notNull()
      .references(() => albums.id),
    externalTrackId: text("external_track_id"),
    /** International Standard Recording Code, stored as 12 characters without hyphens (sales reports match by it). */
    isrc: text("isrc"),
    lengthInSeconds: integer("length_in_seconds"),
    medley: boolean("medley").notNull().default(false),
    medleyTrackId: integer("medley_track_id").references((): AnyPgColumn => tracks.id),
    songTitle: text("song_title").notNull(),
    songOriginalRecordingArtist: text("song_original_recording_artist"),
    songNotes: text("song_notes"),
    songArtist: text("song_artist"),
    songComposer: text("song_composer"),
    songArranger: text("song_arranger"),
    catalogSongId: integer("catalog_song_id").references(() => catalogSongs.id),
    songLinkedAt: timestamp("song_linked_at", { withTimezone: true, mode: "date" }),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [
    index("tracks_album_idx").on(t.albumId, t.dateAdded),
    index("tracks_account_idx").on(t.accountId),
    index("tracks_medley_idx").on(t.medleyTrackId),
    /** A catalog song's page and its rate changes find its tracks; most tracks are not linked yet, so only linked ones are indexed. */
    index("tracks_catalog_song_idx")
      .on(t.catalogSongId)
      .where(sql`${t.catalogSongId} is not null`),
    index("tracks_song_title_trgm_idx").using("gin", t.songTitle.op("gin_trgm_ops")),
    index("tracks_search_keys_idx").using("gin", accountTrigrams(t.accountId, t.songTitle)),
    check("tracks_length_nonnegative", sql`${t.lengthInSeconds} is null or ${t.lengthInSeconds} >= 0`),
  ],
);

export const releases = pgTable(
  "releases",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    albumId: integer("album_id")
      .notNull()
      .references(() => albums.id),
    formatId: integer("format_id")
      .notNull()
      .references(() => formats.id),
    releaseMonth: integer("release_month").notNull(),
    releaseYear: integer("release_year").notNull(),
    releaseQuantity: integer("release_quantity").notNull(),
    expectedOutletsOfDistribution: text("expected_outlets_of_distribution"),
    /** Printed on the notice letter (37 CFR 201.18): the label the phonorecords are sold under and its catalog number. */
    label: text("label"),
    catalogNumber: text("catalog_number"),
    /**
     * Physical formats: the day the phonorecords are (or are planned to be) made. A notice is due within 30 days of it
     * as well as before distribution, so it can move the requests' `release_due_on` earlier (migration 0027's trigger).
     */
    manufactureDate: date("manufacture_date", { mode: "string" }),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [
    index("releases_album_idx").on(t.albumId, t.dateAdded),
    check("releases_month_range", sql`${t.releaseMonth} between 1 and 12`),
    check("releases_quantity_positive", sql`${t.releaseQuantity} >= 1`),
  ],
);

/** Which tracks each release carries. */
export const releaseTracks = pgTable(
  "release_tracks",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id),
    trackId: integer("track_id")
      .notNull()
      .references(() => tracks.id),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.trackId] }), index("release_tracks_track_idx").on(t.trackId)],
);
