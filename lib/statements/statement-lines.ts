import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { formats, ledgerEntries, ledgerPostings, ownerNotices, releases, requests, tracks } from "@/db/schema";

/**
 * What one owner earned between two instants: a line per licensed request (song, format, units, rate, share,
 * amount), from the ledger's royalties-payable credits, and a negative one per royalty taken back.
 */
export async function statementLines(db: Conn, ownerId: number, period: { from: Date | null; to: Date }) {
  const rows = await db
    .select({
      requestId: requests.id,
      song: tracks.songTitle,
      format: formats.title,
      units: releases.releaseQuantity,
      perUnit: requests.royaltyPerUnit,
      shareBasisPoints: ownerNotices.shareBasisPoints,
      amount: sql<number>`-${ledgerPostings.amount}`.mapWith(Number),
      licensedOn: ledgerEntries.dateAdded,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(requests, eq(requests.id, ledgerEntries.requestId))
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .innerJoin(formats, eq(formats.id, releases.formatId))
    .innerJoin(
      ownerNotices,
      and(eq(ownerNotices.requestId, requests.id), eq(ownerNotices.ownerId, ledgerPostings.ownerId)),
    )
    .where(
      and(
        eq(ledgerPostings.ownerId, ownerId),
        eq(ledgerPostings.ledgerAccount, "royalties_payable"),
        // A royalty taken back (a lower rate, creditRoyaltyExcess) is a line of its own, negative.
        inArray(ledgerEntries.kind, ["royalty_owed", "royalty_credited"]),
        period.from ? gte(ledgerEntries.dateAdded, period.from) : undefined,
        lt(ledgerEntries.dateAdded, period.to),
      ),
    )
    .orderBy(asc(ledgerEntries.dateAdded), asc(requests.id));
  return rows;
}
