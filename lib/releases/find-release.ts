import { and, eq, getTableColumns } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, releases, releaseTracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { scoped } from "@/lib/scope";

export async function findRelease(db: Conn, scope: Scope, id: number) {
  const [row] = await db
    .select(getTableColumns(releases))
    .from(releases)
    .innerJoin(albums, eq(albums.id, releases.albumId))
    .where(scoped(scope, { accountId: releases.accountId, licenseeId: albums.licenseeId }, eq(releases.id, id)));
  if (!row) throw notFound(`Release ${id}`);
  return row;
}

/** A release addressed through a track (PATCH /api/tracks/{id}/releases/{releaseId}) must carry that track. */
export async function findTrackRelease(db: Conn, scope: Scope, trackId: number, releaseId: number) {
  const release = await findRelease(db, scope, releaseId);
  const [carried] = await db
    .select()
    .from(releaseTracks)
    .where(and(eq(releaseTracks.releaseId, releaseId), eq(releaseTracks.trackId, trackId)));
  if (!carried) throw notFound(`Release ${releaseId} of track ${trackId}`);
  return release;
}
