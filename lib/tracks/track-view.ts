import { asc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { releases, releaseTracks, tracks } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { toReleaseView, type ReleaseView } from "@/lib/releases/release-view";
import { findTrack } from "./find-track";

type TrackRow = typeof tracks.$inferSelect;

function toTrackView(t: TrackRow, trackReleases: ReleaseView[]) {
  return {
    id: t.id,
    albumId: t.albumId,
    externalTrackId: t.externalTrackId,
    isrc: t.isrc,
    lengthInSeconds: t.lengthInSeconds,
    medley: t.medley,
    medleyTrackId: t.medleyTrackId,
    song: {
      title: t.songTitle,
      originalRecordingArtist: t.songOriginalRecordingArtist,
      notes: t.songNotes,
      artist: t.songArtist,
      composer: t.songComposer,
      arranger: t.songArranger,
    },
    releases: trackReleases,
    dateAdded: t.dateAdded.toISOString(),
  };
}
export type TrackView = ReturnType<typeof toTrackView>;

/** Track views with their releases, in the order given. */
export async function trackViews(db: Conn, rows: TrackRow[]): Promise<TrackView[]> {
  if (rows.length === 0) return [];
  const carried = await db
    .select({ trackId: releaseTracks.trackId, release: getTableColumns(releases) })
    .from(releaseTracks)
    .innerJoin(releases, eq(releases.id, releaseTracks.releaseId))
    .where(
      inArray(
        releaseTracks.trackId,
        rows.map((t) => t.id),
      ),
    )
    .orderBy(asc(releases.dateAdded), asc(releases.id));
  return rows.map((t) =>
    toTrackView(
      t,
      carried.filter((c) => c.trackId === t.id).map((c) => toReleaseView(c.release)),
    ),
  );
}

export async function getTrack(db: Conn, actor: Actor, id: number): Promise<TrackView> {
  const { licenseeId: _licensee, ...track } = await findTrack(db, scopeOf(actor), id);
  const [view] = await trackViews(db, [track]);
  return view!;
}

// Every reorder reads them: built once.
const tracksOfAlbum = statement(["albumId"], (db, p) =>
  db
    .select()
    .from(tracks)
    .where(eq(tracks.albumId, p("albumId")))
    .orderBy(asc(tracks.dateAdded), asc(tracks.id)),
);

/** An album's tracks in the order they were added. */
export function albumTrackRows(db: Conn, albumId: number) {
  return tracksOfAlbum.run(db, { albumId });
}
