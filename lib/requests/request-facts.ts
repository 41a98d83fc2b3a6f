import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts, albums, formats, licensees, releases, requests, tracks } from "@/db/schema";
import { notFound } from "@/lib/errors";

/**
 * Everything a person reads about one request: account, licensee, album, track and song as filed, release
 * and format. Not scoped: callers check access first (findRequestView with the actor's scope).
 */
export async function loadRequestFacts(db: Conn, requestId: number) {
  const [row] = await db
    .select({
      request: requests,
      accountName: accounts.name,
      licensee: licensees,
      album: albums,
      track: tracks,
      release: releases,
      formatTitle: formats.title,
    })
    .from(requests)
    .innerJoin(accounts, eq(accounts.id, requests.accountId))
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .innerJoin(licensees, eq(licensees.id, albums.licenseeId))
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .innerJoin(formats, eq(formats.id, releases.formatId))
    .where(eq(requests.id, requestId));
  if (!row) throw notFound(`Request ${requestId}`);
  return row;
}
export type RequestFacts = Awaited<ReturnType<typeof loadRequestFacts>>;

/** How a licensee is named: its company, else its person. */
export function licenseeName(l: { companyName: string | null; firstName: string | null; lastName: string | null }) {
  return l.companyName ?? ([l.firstName, l.lastName].filter(Boolean).join(" ") || "(unnamed licensee)");
}
