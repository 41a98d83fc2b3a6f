import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { catalogSongs, songOwners } from "@/db/schema";
import { invalidTransition } from "@/lib/errors";
import { FULL_SHARE, toPercent } from "@/lib/songs/schemas";

/**
 * `ready` and `in_progress` need a linked catalog song whose owners' shares sum to exactly 100%;
 * otherwise the move is refused with 409 invalid_transition saying what is missing.
 */
export async function requireLicensableSong(db: Conn, catalogSongId: number | null) {
  if (catalogSongId === null) {
    throw invalidTransition(
      "Link the request's track to a catalog song first: only a request with a linked song can be licensed.",
    );
  }
  const [song] = await db.select().from(catalogSongs).where(eq(catalogSongs.id, catalogSongId));
  const owners = await db
    .select()
    .from(songOwners)
    .where(eq(songOwners.songId, catalogSongId))
    .orderBy(asc(songOwners.id));
  const total = owners.reduce((sum, o) => sum + o.shareBasisPoints, 0);
  if (!song || total !== FULL_SHARE) {
    throw invalidTransition(
      `The copyright owners' shares of the linked song "${song?.title ?? catalogSongId}" sum to ${toPercent(total)}%, ` +
        "not 100%; complete the owners in the song catalog first.",
    );
  }
  return { song, owners };
}
