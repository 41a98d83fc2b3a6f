import { and, eq, isNotNull } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { catalogSongs, requests, songOwners, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError, notFound } from "@/lib/errors";
import { ownerRows } from "./create-song";
import { refuseDuplicateSong } from "./refuse-duplicate-song";
import type { SongInput } from "./schemas";
import { findSongView, type SongView } from "./song-view";

/**
 * Edits a catalog song and replaces its owner list. Once a request linked to the song has begun licensing,
 * notices were served on its owners and its license shows them, so the song is frozen (409 licensing_begun);
 * a change of ownership after that is a new catalog entry.
 */
export async function updateSong(db: Db, actor: Actor, songId: number, input: SongInput): Promise<SongView> {
  const employee = requireEmployee(actor, "manage the song catalog");
  await db.transaction(async (tx) => {
    const [song] = await lockSong(tx, songId);
    if (!song) throw notFound(`Song ${songId}`);
    if (await licensingBegunOnSong(tx, songId)) {
      throw new DomainError(
        "licensing_begun",
        `Song ${songId} is linked to a request whose licensing has begun; add a new catalog song instead.`,
      );
    }
    await refuseDuplicateSong(tx, input, songId);
    await tx
      .update(catalogSongs)
      .set({ title: input.title, writers: input.writers, dateUpdated: now() })
      .where(eq(catalogSongs.id, songId));
    await tx.delete(songOwners).where(eq(songOwners.songId, songId));
    await tx.insert(songOwners).values(ownerRows(songId, input));
    await recordAudit(tx, employee, { action: "song.updated", entityType: "song", entityId: songId, accountId: null });
  });
  return findSongView(db, songId);
}

/** Row lock on a catalog song: its edits and the start of licensing on it never interleave. */
export function lockSong(db: Conn, songId: number) {
  return db.select({ id: catalogSongs.id }).from(catalogSongs).where(eq(catalogSongs.id, songId)).for("update");
}

export async function licensingBegunOnSong(db: Conn, songId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .where(and(eq(tracks.catalogSongId, songId), isNotNull(requests.licensingBegunAt)))
    .limit(1);
  return row !== undefined;
}
