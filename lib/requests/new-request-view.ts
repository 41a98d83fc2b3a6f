import { eq, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { albums, copyrightOfficeFees, formats, licensees, releases, type requests, type tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { toRequestView, type RequestView, type RequestViewRow } from "./request-view";

/** A request's row and its track's, as the filing transaction wrote or read them. */
export type FiledRequest = { request: typeof requests.$inferSelect; track: typeof tracks.$inferSelect };

/** What a filing's answer says of its release and licensee beyond the rows it wrote (filedReleaseFacts). */
export type FiledReleaseFacts = {
  /** The Copyright Office's filing fee in force for a title on this release (null: its format is never filed). */
  officeFeePerTitle: number | null;
  formatTitle: string;
  externalLicenseeId: string | null;
};

// Every filing's answer reads it once: built once (db/statement.ts).
const factsOfRelease = statement(["releaseId"], (db, p) =>
  db
    .select({
      formatTitle: formats.title,
      externalLicenseeId: licensees.externalLicenseeId,
      officeFeePerTitle: sql<number | null>`(select ${copyrightOfficeFees.noticeOfIntention}
        from ${copyrightOfficeFees} where ${formats.physical} and ${copyrightOfficeFees.effectiveFrom} <= current_date
        order by ${copyrightOfficeFees.effectiveFrom} desc limit 1)`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(releases)
    .innerJoin(formats, eq(formats.id, releases.formatId))
    .innerJoin(albums, eq(albums.id, releases.albumId))
    .innerJoin(licensees, eq(licensees.id, albums.licenseeId))
    .where(eq(releases.id, p("releaseId"))),
);

/** The release's format title, its licensee's external id and the Office's fee per title, for a filing's answer. */
export async function filedReleaseFacts(db: Conn, releaseId: number): Promise<FiledReleaseFacts> {
  const [row] = await factsOfRelease.run(db, { releaseId });
  if (!row) throw new Error(`Release ${releaseId} was just filed on and is gone`);
  return row;
}

/**
 * A request just filed, from the rows its transaction wrote: in `new`, nothing invoiced or paid, no status note. A
 * medley whole's `parts` are the requests of its parts filed on its release in the same transaction (a reorder files
 * every track of the album; a new whole has none yet). The same view findRequestView reads, without reading it back.
 */
export function newRequestView(
  scope: Scope,
  filed: FiledRequest & {
    licenseeId: string;
    parts?: FiledRequest[];
    release: Pick<typeof releases.$inferSelect, "formatId" | "releaseMonth" | "releaseYear">;
    /** The latest year with a rate (what a provisional royalty's reason names). */
    ratesThrough: number;
  },
  facts: FiledReleaseFacts,
): RequestView {
  const { request: r, track: t, release } = filed;
  const parts = [...(filed.parts ?? [])].sort((a, b) => a.track.id - b.track.id);
  const row: RequestViewRow = {
    id: r.id,
    licenseeId: filed.licenseeId,
    albumId: t.albumId,
    trackId: r.trackId,
    releaseId: r.releaseId,
    kind: r.kind,
    songTitle: t.songTitle,
    externalTrackId: t.externalTrackId,
    externalLicenseeId: facts.externalLicenseeId,
    formatId: release.formatId,
    formatTitle: facts.formatTitle,
    releaseMonth: release.releaseMonth,
    statusCode: r.statusCode,
    statusReason: r.statusReason,
    licensingBegunAt: r.licensingBegunAt,
    catalogSongId: t.catalogSongId,
    royaltyPerUnit: r.royaltyPerUnit,
    royaltyQuantity: r.royaltyQuantity,
    royaltyTotal: r.royaltyTotal,
    royaltyProvisional: r.royaltyProvisional,
    releaseYear: release.releaseYear,
    ratesThrough: filed.ratesThrough,
    changedSinceReadyAt: r.changedSinceReadyAt,
    royaltyTotalBeforeChange: r.royaltyTotalBeforeChange,
    serviceFee: r.serviceFee,
    royaltyNotPayable: r.royaltyNotPayable,
    creditedRoyalty: r.creditedRoyalty,
    officeFee: r.officeFee,
    officeFeePerTitle: facts.officeFeePerTitle,
    sharesWhenNotPayable: null,
    // Just filed: nothing paid, so nothing waits for the licensee's details.
    licenseeNoticeDetails: null,
    eligibility: r.eligibility,
    eligibilityOverride: r.eligibilityOverride,
    amountPaid: 0,
    invoiceId: null,
    lengthNeeded: false, // only a request in progress has blockers
    amountCredited: 0,
    creditedAt: null,
    dateAdded: r.dateAdded,
    dateUpdated: r.dateUpdated,
    statusNote: null,
    medley: t.medley,
    medleyTrackId: t.medleyTrackId,
    medleyPartCount: parts.length,
    medleyParts: t.medley
      ? parts.map((p) => ({
          requestId: p.request.id,
          trackId: p.track.id,
          title: p.track.songTitle,
          code: p.request.statusCode,
          reason: p.request.statusReason,
        }))
      : null,
    updatedKey: r.dateUpdated.toISOString(),
    addedKey: r.dateAdded.toISOString(),
  };
  return toRequestView(row, scope);
}
