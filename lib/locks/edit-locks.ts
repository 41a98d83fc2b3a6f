import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { invoiceLines, invoices, requests, tracks } from "@/db/schema";
import { DomainError } from "@/lib/errors";

/**
 * The conditions that refuse edits: the contract's two, and the invoice lock
 * (docs/product-rules.md, "The invoice lock") of what the amount depends on.
 */
type LockCondition = "songLinked" | "licensingBegun" | "invoiced";

const LOCKS: Record<LockCondition, { code: "song_locked" | "licensing_begun" | "invoiced"; reason: string }> = {
  songLinked: { code: "song_locked", reason: "song linked to our catalog" },
  licensingBegun: { code: "licensing_begun", reason: "licensing has begun" },
  invoiced: { code: "invoiced", reason: "on an invoice (void it to change the amount)" },
};

const AMOUNT = ["licensingBegun", "invoiced"] as const;

/** Which conditions lock each editable field, the first that holds giving the reason (null: always editable). The UI reads this same map. */
const EDIT_LOCKS = {
  album: { title: "licensingBegun", artist: "licensingBegun" },
  track: {
    lengthInSeconds: AMOUNT, // except while missing (0 or null): see lockFor
    externalTrackId: "licensingBegun",
    isrc: null, // an identifier for sales reports, not part of the license
    "song/title": "songLinked",
    "song/originalRecordingArtist": "songLinked",
    "song/notes": "songLinked",
    "song/artist": "songLinked",
    "song/composer": "songLinked",
    "song/arranger": "songLinked",
  },
  release: {
    formatId: AMOUNT,
    releaseMonth: AMOUNT,
    releaseYear: AMOUNT,
    releaseQuantity: AMOUNT,
    expectedOutletsOfDistribution: "licensingBegun",
    // What the notices print and when they are due: fixed once they are being served.
    label: "licensingBegun",
    catalogNumber: "licensingBegun",
    manufactureDate: "licensingBegun",
  },
  licensee: {
    companyName: null,
    firstName: null,
    lastName: null,
    email: null,
    phone1: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    externalLicenseeId: null,
  },
} as const satisfies Record<string, Record<string, LockCondition | readonly LockCondition[] | null>>;

/** Which conditions hold for one album, its tracks and its releases. */
export type AlbumLockState = {
  albumLicensingBegun: boolean;
  tracksLicensingBegun: Set<number>;
  releasesLicensingBegun: Set<number>;
  tracksSongLinked: Set<number>;
  tracksInvoiced: Set<number>;
  releasesInvoiced: Set<number>;
};

/** A literal naming the condition a row of albumLockState's union stands for. */
const holding = (condition: LockCondition) => sql<LockCondition>`${sql.raw(`'${condition}'`)}`.as("condition");

const lockConditionsOfAlbum = statement(["albumId"], (db, p) => {
  const ofAlbum = eq(tracks.albumId, p("albumId"));
  return db
    .select({
      condition: holding("licensingBegun"),
      trackId: requests.trackId,
      releaseId: sql<number | null>`${requests.releaseId}`,
    })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .where(and(ofAlbum, isNotNull(requests.licensingBegunAt)))
    .unionAll(
      db
        .select({ condition: holding("songLinked"), trackId: tracks.id, releaseId: sql<number | null>`null` })
        .from(tracks)
        .where(and(ofAlbum, isNotNull(tracks.catalogSongId))),
    )
    .unionAll(
      db
        .select({
          condition: holding("invoiced"),
          trackId: requests.trackId,
          releaseId: sql<number | null>`${requests.releaseId}`,
        })
        .from(requests)
        .innerJoin(tracks, eq(tracks.id, requests.trackId))
        .innerJoin(invoiceLines, eq(invoiceLines.requestId, requests.id))
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(and(ofAlbum, ne(invoices.status, "void"), isNull(invoiceLines.creditedAt))),
    );
});

/**
 * Reads the lock state of an album in one statement, built once: a write holds the album's lock meanwhile, so each
 * round trip more is time every other edit of the album waits. Inside a write, call it after lockAlbum() so it cannot
 * change underneath.
 */
export async function albumLockState(db: Conn, albumId: number): Promise<AlbumLockState> {
  const rows = await lockConditionsOfAlbum.run(db, { albumId });
  const ids = (condition: LockCondition, pick: "trackId" | "releaseId") =>
    new Set(rows.filter((r) => r.condition === condition).map((r) => Number(r[pick])));
  return {
    albumLicensingBegun: rows.some((r) => r.condition === "licensingBegun"),
    tracksLicensingBegun: ids("licensingBegun", "trackId"),
    releasesLicensingBegun: ids("licensingBegun", "releaseId"),
    tracksSongLinked: ids("songLinked", "trackId"),
    tracksInvoiced: ids("invoiced", "trackId"),
    releasesInvoiced: ids("invoiced", "releaseId"),
  };
}

type Target =
  | { resource: "album" }
  | { resource: "track"; trackId: number; lengthInSeconds: number | null }
  | { resource: "release"; releaseId: number }
  | { resource: "licensee" };

function holds(state: AlbumLockState, condition: LockCondition, target: Target): boolean {
  if (condition === "songLinked") return target.resource === "track" && state.tracksSongLinked.has(target.trackId);
  if (condition === "invoiced") {
    if (target.resource === "track") return state.tracksInvoiced.has(target.trackId);
    return target.resource === "release" && state.releasesInvoiced.has(target.releaseId);
  }
  switch (target.resource) {
    case "album":
      return state.albumLicensingBegun;
    case "track":
      return state.tracksLicensingBegun.has(target.trackId);
    case "release":
      return state.releasesLicensingBegun.has(target.releaseId);
    case "licensee":
      return false;
  }
}

/** The condition that locks `field` of the target now, or null when it may be edited. */
function lockFor(state: AlbumLockState, target: Target, field: string): LockCondition | null {
  const entry =
    (EDIT_LOCKS[target.resource] as Record<string, LockCondition | readonly LockCondition[] | null>)[field] ?? null;
  const conditions: readonly LockCondition[] = entry === null ? [] : typeof entry === "string" ? [entry] : entry;
  const condition = conditions.find((c) => holds(state, c, target));
  if (!condition) return null;
  // The one exception of the contract: a missing track length may be supplied at any time (a higher royalty is
  // then due on a new invoice line, docs/product-rules.md, "The invoice lock").
  if (target.resource === "track" && field === "lengthInSeconds" && !target.lengthInSeconds) return null;
  return condition;
}

/** Every field's lock reason (null when editable), for the portal to disable inputs and say why. */
export function fieldLocks(state: AlbumLockState, target: Target): Record<string, string | null> {
  return Object.fromEntries(
    Object.keys(EDIT_LOCKS[target.resource]).map((field) => {
      const condition = lockFor(state, target, field);
      return [field, condition ? LOCKS[condition].reason : null];
    }),
  );
}

/** Refuses the change of any locked field with the lock's error code (song_locked, licensing_begun). */
export function assertEditable(state: AlbumLockState, target: Target, fields: string[]): void {
  for (const field of fields) {
    const condition = lockFor(state, target, field);
    if (condition) {
      const { code, reason } = LOCKS[condition];
      throw new DomainError(code, `${field} cannot be changed: ${reason}.`, [{ path: field, message: reason }]);
    }
  }
}
