import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const created = () => timestamp("date_added", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updated = () => timestamp("date_updated", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const roleEnum = pgEnum("role", ["employee", "client", "licensee"]);
export const requestKindEnum = pgEnum("request_kind", ["initial", "reorder"]);
export const statusCodeEnum = pgEnum("status_code", [
  "new",
  "need_info",
  "ready",
  "in_progress",
  "licensed",
  "cannot_license",
  "cancelled",
]);
export const cannotLicenseReasonEnum = pgEnum("cannot_license_reason", [
  "not_us_copyright",
  "changed_lyrics",
  "changed_melody",
  "domestic_only",
  "custom_license_required",
  "other",
]);
export const royaltyKindEnum = pgEnum("royalty_kind", ["statutory", "fixed"]);
export const outboxStatusEnum = pgEnum("outbox_status", ["pending", "sent", "failed"]);
export const actorKindEnum = pgEnum("actor_kind", ["employee", "client", "licensee", "system"]);

/** A client of the service: a label, distributor or app filing requests for its licensees. */
export const accounts = pgTable("accounts", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  dateAdded: created(),
});

export const licensees = pgTable(
  "licensees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: integer("account_id").notNull().references(() => accounts.id),
    companyName: text("company_name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone1: text("phone1"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    country: text("country"),
    externalLicenseeId: text("external_licensee_id"),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [index("licensees_account_idx").on(t.accountId, t.dateAdded)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased, so the unique constraint is case-insensitive. */
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: roleEnum("role").notNull(),
    accountId: integer("account_id").references(() => accounts.id),
    licenseeId: uuid("licensee_id").references(() => licensees.id),
    dateAdded: created(),
  },
  (t) => [
    check(
      "users_role_scope",
      sql`(${t.role} = 'employee' and ${t.accountId} is null and ${t.licenseeId} is null)
        or (${t.role} = 'client' and ${t.accountId} is not null and ${t.licenseeId} is null)
        or (${t.role} = 'licensee' and ${t.accountId} is not null and ${t.licenseeId} is not null)`,
    ),
  ],
);

/** Only a hash of the key is stored; the prefix lets people tell their keys apart. A null account is a staff key. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").references(() => accounts.id),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    dateAdded: created(),
  },
  (t) => [index("api_keys_account_idx").on(t.accountId)],
);

export const albums = pgTable(
  "albums",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").notNull().references(() => accounts.id),
    licenseeId: uuid("licensee_id").notNull().references(() => licensees.id),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [index("albums_account_idx").on(t.accountId, t.dateAdded), index("albums_licensee_idx").on(t.licenseeId)],
);

/** The song catalog researched by the service's staff. */
export const catalogSongs = pgTable(
  "catalog_songs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    writers: text("writers").array().notNull().default(sql`'{}'::text[]`),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [index("catalog_songs_title_idx").on(sql`lower(${t.title})`)],
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
    shareBasisPoints: integer("share_basis_points").notNull(),
    dateAdded: created(),
  },
  (t) => [
    index("song_owners_song_idx").on(t.songId),
    check("song_owners_share_range", sql`${t.shareBasisPoints} > 0 and ${t.shareBasisPoints} <= 10000`),
  ],
);

export const tracks = pgTable(
  "tracks",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").notNull().references(() => accounts.id),
    albumId: integer("album_id")
      .notNull()
      .references(() => albums.id),
    externalTrackId: text("external_track_id"),
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
    check("tracks_length_nonnegative", sql`${t.lengthInSeconds} is null or ${t.lengthInSeconds} >= 0`),
  ],
);

/** Release formats and how their royalty is computed; rates are data, not code. */
export const formats = pgTable("formats", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  royaltyKind: royaltyKindEnum("royalty_kind").notNull(),
  /** For fixed-rate formats: hundredths of a cent per unit. */
  fixedRate: integer("fixed_rate"),
  requiresOutlets: boolean("requires_outlets").notNull().default(false),
});

/** US statutory mechanical rates by year, in hundredths of a cent. */
export const statutoryRates = pgTable("statutory_rates", {
  year: integer("year").primaryKey(),
  perCopy: integer("per_copy").notNull(),
  perMinute: integer("per_minute").notNull(),
});

export const releases = pgTable(
  "releases",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").notNull().references(() => accounts.id),
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

export const requests = pgTable(
  "requests",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").notNull().references(() => accounts.id),
    trackId: integer("track_id")
      .notNull()
      .references(() => tracks.id),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id),
    kind: requestKindEnum("kind").notNull(),
    statusCode: statusCodeEnum("status_code").notNull().default("new"),
    statusReason: cannotLicenseReasonEnum("status_reason"),
    licensingBegunAt: timestamp("licensing_begun_at", { withTimezone: true, mode: "date" }),
    licensedAt: timestamp("licensed_at", { withTimezone: true, mode: "date" }),
    /** Royalty snapshot in hundredths of a cent; recomputed whenever its inputs change. */
    royaltyPerUnit: integer("royalty_per_unit").notNull(),
    royaltyQuantity: integer("royalty_quantity").notNull(),
    royaltyTotal: bigint("royalty_total", { mode: "number" }).notNull(),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [
    uniqueIndex("requests_track_release_unique").on(t.trackId, t.releaseId),
    index("requests_account_status_idx").on(t.accountId, t.statusCode, t.dateAdded),
    index("requests_status_idx").on(t.statusCode, t.dateAdded),
    index("requests_release_idx").on(t.releaseId),
  ],
);

export const requestStatusEvents = pgTable(
  "request_status_events",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => requests.id),
    fromCode: statusCodeEnum("from_code"),
    toCode: statusCodeEnum("to_code").notNull(),
    reason: cannotLicenseReasonEnum("reason"),
    note: text("note"),
    /** A private note is shown to client staff and employees, never to the licensee. */
    notePrivate: boolean("note_private").notNull().default(false),
    actorKind: actorKindEnum("actor_kind").notNull(),
    actorName: text("actor_name").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id),
    dateAdded: created(),
  },
  (t) => [index("request_status_events_request_idx").on(t.requestId, t.dateAdded)],
);

/** One notice of intention per owner share of a request's song, served while licensing is in progress. */
export const ownerNotices = pgTable(
  "owner_notices",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => requests.id),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => songOwners.id),
    ownerName: text("owner_name").notNull(),
    shareBasisPoints: integer("share_basis_points").notNull(),
    servedAt: timestamp("served_at", { withTimezone: true, mode: "date" }),
    servedByName: text("served_by_name"),
    servedByUserId: integer("served_by_user_id").references(() => users.id),
    dateAdded: created(),
  },
  (t) => [uniqueIndex("owner_notices_request_owner_unique").on(t.requestId, t.ownerId)],
);

export const wallPosts = pgTable(
  "wall_posts",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").notNull().references(() => accounts.id),
    albumId: integer("album_id")
      .notNull()
      .references(() => albums.id),
    parentId: integer("parent_id").references((): AnyPgColumn => wallPosts.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    isPrivate: boolean("is_private").notNull().default(true),
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
  ],
);

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

/** Replay store for POSTs carrying an Idempotency-Key, scoped to the caller. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: serial("id").primaryKey(),
    callerScope: text("caller_scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>().notNull(),
    dateAdded: created(),
  },
  (t) => [uniqueIndex("idempotency_keys_scope_key_unique").on(t.callerScope, t.key)],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").references(() => accounts.id),
    actorKind: actorKindEnum("actor_kind").notNull(),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    detail: jsonb("detail"),
    dateAdded: created(),
  },
  (t) => [index("audit_events_entity_idx").on(t.entityType, t.entityId), index("audit_events_account_idx").on(t.accountId, t.dateAdded)],
);
