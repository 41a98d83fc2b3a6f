import { and, eq, getTableColumns } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, releases, releaseTracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { scoped } from "@/lib/scope";

/** The release `id` if the scope may see it (through its album's licensee for a licensee). */
const releaseInScope = (scope: Scope, id: number) => scoped(scope, { accountId: releases.accountId, licenseeId: albums.licenseeId }, eq(releases.id, id));

export async function findRelease(db: Conn, scope: Scope, id: number) {
  const [row] = await db
    .select(getTableColumns(releases))
    .from(releases)
    .innerJoin(albums, eq(albums.id, releases.albumId))
    .where(releaseInScope(scope, id));
  if (!row) throw notFound(`Release ${id}`);
  return row;
}

/** A release addressed through a track (PATCH /api/tracks/{id}/releases/{releaseId}) must carry that track. */
export async function findTrackRelease(db: Conn, scope: Scope, trackId: number, releaseId: number) {
  const [row] = await db
    .select({ release: getTableColumns(releases), carriedTrackId: releaseTracks.trackId })
    .from(releases)
    .innerJoin(albums, eq(albums.id, releases.albumId))
    .leftJoin(releaseTracks, and(eq(releaseTracks.releaseId, releases.id), eq(releaseTracks.trackId, trackId)))
    .where(releaseInScope(scope, releaseId));
  if (!row) throw notFound(`Release ${releaseId}`);
  if (row.carriedTrackId === null) throw notFound(`Release ${releaseId} of track ${trackId}`);
  return row.release;
}
