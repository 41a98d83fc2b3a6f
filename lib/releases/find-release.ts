import { and, eq, getTableColumns, type Placeholder } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { albums, releases, releaseTracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { clientScopeOf, EMPLOYEE_SCOPE, licenseeScopeOf, runScoped, scoped } from "@/lib/scope";

/** The release `id` if the scope may see it (through its album's licensee for a licensee). */
const releaseInScope = (scope: Scope, id: number | Placeholder) =>
  scoped(scope, { accountId: releases.accountId, licenseeId: albums.licenseeId }, eq(releases.id, id));

export async function findRelease(db: Conn, scope: Scope, id: number) {
  const [row] = await db
    .select(getTableColumns(releases))
    .from(releases)
    .innerJoin(albums, eq(albums.id, releases.albumId))
    .where(releaseInScope(scope, id));
  if (!row) throw notFound(`Release ${id}`);
  return row;
}

const trackReleaseInScope = (db: Conn, scope: Scope, p: (name: "trackId" | "releaseId") => Placeholder) =>
  db
    .select({ release: getTableColumns(releases), carriedTrackId: releaseTracks.trackId })
    .from(releases)
    .innerJoin(albums, eq(albums.id, releases.albumId))
    .leftJoin(releaseTracks, and(eq(releaseTracks.releaseId, releases.id), eq(releaseTracks.trackId, p("trackId"))))
    .where(releaseInScope(scope, p("releaseId")));

// Every PATCH reads it twice (before and under the album's lock): built once per kind of reader.
const trackReleaseForEmployee = statement(["trackId", "releaseId"], (db, p) =>
  trackReleaseInScope(db, EMPLOYEE_SCOPE, p),
);
const trackReleaseForClient = statement(["trackId", "releaseId", "accountId"], (db, p) =>
  trackReleaseInScope(db, clientScopeOf(p), p),
);
const trackReleaseForLicensee = statement(["trackId", "releaseId", "accountId", "licenseeId"], (db, p) =>
  trackReleaseInScope(db, licenseeScopeOf(p), p),
);

/** A release addressed through a track (PATCH /api/tracks/{id}/releases/{releaseId}) must carry that track. */
export async function findTrackRelease(db: Conn, scope: Scope, trackId: number, releaseId: number) {
  const variants = {
    employee: trackReleaseForEmployee,
    client: trackReleaseForClient,
    licensee: trackReleaseForLicensee,
  };
  const [row] = await runScoped(db, scope, variants, { trackId, releaseId });
  if (!row) throw notFound(`Release ${releaseId}`);
  if (row.carriedTrackId === null) throw notFound(`Release ${releaseId} of track ${trackId}`);
  return row.release;
}
