import { and, eq, getTableColumns, sql, type Placeholder } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
import { albums, releases, releaseTracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { scopePlaceholders, scoped } from "@/lib/scope";

/** The release `id` if the scope may see it (through its album's licensee for a licensee). */
const releaseInScope = (scope: Scope, id: number | Placeholder) => scoped(scope, { accountId: releases.accountId, licenseeId: albums.licenseeId }, eq(releases.id, id));

export async function findRelease(db: Conn, scope: Scope, id: number) {
  const [row] = await db
    .select(getTableColumns(releases))
    .from(releases)
    .innerJoin(albums, eq(albums.id, releases.albumId))
    .where(releaseInScope(scope, id));
  if (!row) throw notFound(`Release ${id}`);
  return row;
}

/**
 * A release addressed through a track (PATCH /api/tracks/{id}/releases/{releaseId}) must carry that track. Every
 * PATCH reads it twice (before and under the album's lock): built once per kind of reader.
 */
export async function findTrackRelease(db: Conn, scope: Scope, trackId: number, releaseId: number) {
  const { key, placeholders, values } = scopePlaceholders(scope);
  const find = reusedStatement(db, `track release ${key}`, (name) =>
    db
      .select({ release: getTableColumns(releases), carriedTrackId: releaseTracks.trackId })
      .from(releases)
      .innerJoin(albums, eq(albums.id, releases.albumId))
      .leftJoin(releaseTracks, and(eq(releaseTracks.releaseId, releases.id), eq(releaseTracks.trackId, sql.placeholder("trackId"))))
      .where(releaseInScope(placeholders, sql.placeholder("releaseId")))
      .prepare(name),
  );
  const [row] = await find.execute({ trackId, releaseId, ...values });
  if (!row) throw notFound(`Release ${releaseId}`);
  if (row.carriedTrackId === null) throw notFound(`Release ${releaseId} of track ${trackId}`);
  return row.release;
}
