import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import {
  albums,
  catalogSongs,
  formats,
  ledgerEntries,
  ledgerPostings,
  licensees,
  ownerNotices,
  releases,
  requests,
  tracks,
} from "@/db/schema";
import { isoDay } from "@/lib/clock";

/**
 * The lines of one licensee's statement to one owner over a period: a line per royalty posted to the owner (a request
 * licensed, or a top-up paid), from the ledger's royalties-payable credits, with what 37 CFR 210 asks a statement to
 * name about the work and the phonorecords, and the units and rate the royalty was charged for (a top-up prints its
 * own units and the rate difference), so units × rate × share is the line's amount, to the cent. A royalty taken back
 * from the owner (a lower rate entered later, creditRoyaltyExcess) is a line of its own, negative.
 */
export async function statementLines(
  db: Conn,
  filter: { ownerId: number; licenseeId: string },
  period: { from: Date; to: Date },
) {
  const rows = await db
    .select({
      entryId: ledgerEntries.id,
      requestId: requests.id,
      title: tracks.songTitle,
      writers: catalogSongs.writers,
      lengthInSeconds: tracks.lengthInSeconds,
      artist: albums.artist,
      album: albums.title,
      label: releases.label,
      catalogNumber: releases.catalogNumber,
      isrc: tracks.isrc,
      configuration: formats.title,
      entryUnits: ledgerEntries.units,
      entryRate: ledgerEntries.ratePerUnit,
      releaseUnits: releases.releaseQuantity,
      requestRate: requests.royaltyPerUnit,
      shareBasisPoints: ownerNotices.shareBasisPoints,
      amount: sql<number>`-${ledgerPostings.amount}`.mapWith(Number),
      topUp: sql<boolean>`exists (select 1 from ledger_entries earlier where earlier.kind = 'royalty_owed'
        and earlier.request_id = ${ledgerEntries.requestId} and earlier.id < ${ledgerEntries.id})`,
      postedAt: ledgerEntries.dateAdded,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(requests, eq(requests.id, ledgerEntries.requestId))
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .leftJoin(catalogSongs, eq(catalogSongs.id, tracks.catalogSongId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .innerJoin(formats, eq(formats.id, releases.formatId))
    .innerJoin(
      ownerNotices,
      and(eq(ownerNotices.requestId, requests.id), eq(ownerNotices.ownerId, ledgerPostings.ownerId)),
    )
    .where(
      and(
        eq(ledgerPostings.ownerId, filter.ownerId),
        eq(albums.licenseeId, filter.licenseeId),
        eq(ledgerPostings.ledgerAccount, "royalties_payable"),
        // A royalty taken back (a lower rate, creditRoyaltyExcess) is a line of its own, negative.
        inArray(ledgerEntries.kind, ["royalty_owed", "royalty_credited"]),
        gte(ledgerEntries.dateAdded, period.from),
        lt(ledgerEntries.dateAdded, period.to),
      ),
    )
    .orderBy(asc(ledgerEntries.dateAdded), asc(ledgerEntries.id));
  return rows.map(({ entryUnits, entryRate, releaseUnits, requestRate, postedAt, writers, ...r }) => ({
    ...r,
    writers: writers ?? [],
    // Entries posted before the units and rate were kept on them: the request's own.
    units: entryUnits ?? releaseUnits,
    perUnit: entryRate ?? requestRate,
    postedOn: isoDay(postedAt),
  }));
}
export type StatementLine = Awaited<ReturnType<typeof statementLines>>[number];

/** The licensees whose royalties to each owner were posted in a period, with their totals: one statement each. */
export async function statementsInPeriod(db: Conn, period: { from: Date; to: Date }) {
  return db
    .select({
      ownerId: ledgerPostings.ownerId,
      licenseeId: albums.licenseeId,
      companyName: licensees.companyName,
      firstName: licensees.firstName,
      lastName: licensees.lastName,
      earned: sql<number>`-sum(${ledgerPostings.amount})`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(requests, eq(requests.id, ledgerEntries.requestId))
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .innerJoin(licensees, eq(licensees.id, albums.licenseeId))
    .where(
      and(
        eq(ledgerPostings.ledgerAccount, "royalties_payable"),
        inArray(ledgerEntries.kind, ["royalty_owed", "royalty_credited"]),
        gte(ledgerEntries.dateAdded, period.from),
        lt(ledgerEntries.dateAdded, period.to),
      ),
    )
    .groupBy(ledgerPostings.ownerId, albums.licenseeId, licensees.id);
}
