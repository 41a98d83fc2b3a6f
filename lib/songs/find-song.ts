import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { findSongView } from "./song-view";

/** GET /api/songs/{id}: one catalog song with its owners. */
export function findSong(db: Conn, actor: Actor, songId: number) {
  requireEmployee(actor, "read the song catalog");
  return findSongView(db, songId);
}
