import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { findSongView } from "./song-view";
import { licensingBegunOnSong } from "./update-song";

/** GET /api/songs/{id}: one catalog song with its owners. */
export function findSong(db: Conn, actor: Actor, songId: number) {
  requireEmployee(actor, "read the song catalog");
  return findSongView(db, songId);
}

/** The song for the portal's edit page, and whether it is frozen because licensing has begun on it. */
export async function findSongForEdit(db: Conn, actor: Actor, songId: number) {
  const song = await findSong(db, actor, songId);
  return { song, frozen: await licensingBegunOnSong(db, songId) };
}
