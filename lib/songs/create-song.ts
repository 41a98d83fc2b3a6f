import type { Db } from "@/db/client";
import { catalogSongs, songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { refuseDuplicateSong } from "./refuse-duplicate-song";
import { type SongInput, toBasisPoints } from "./schemas";
import { findSongView, type SongView } from "./song-view";

/**
 * POST /api/songs: a catalog song with its writers and copyright owners (shares already checked to sum to 100%); one
 * with the title and writers of another asks first (409 duplicate_song).
 */
export async function createSong(db: Db, actor: Actor, input: SongInput): Promise<SongView> {
  const employee = requireEmployee(actor, "manage the song catalog");
  const songId = await db.transaction(async (tx) => {
    await refuseDuplicateSong(tx, input, null);
    const [song] = await tx
      .insert(catalogSongs)
      .values({ title: input.title, writers: input.writers })
      .returning({ id: catalogSongs.id });
    if (!song) throw new Error("song insert returned nothing");
    await tx.insert(songOwners).values(ownerRows(song.id, input));
    await recordAudit(tx, employee, { action: "song.created", entityType: "song", entityId: song.id, accountId: null });
    return song.id;
  });
  return findSongView(db, songId);
}

export function ownerRows(songId: number, input: SongInput) {
  return input.owners.map((o) => ({
    songId,
    name: o.name,
    email: o.email,
    noticeEmailDesignated: o.noticeEmailDesignated,
    postalAddress: o.postalAddress,
    shareBasisPoints: toBasisPoints(o.share),
  }));
}
