import { count, desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts, albums, requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { requestRows } from "@/lib/requests/request-rows";

/** The catalog song page's list: the requests whose track is linked to the song, newest first, across accounts. */
export async function listSongRequests(db: Conn, actor: Actor, songId: number, limit: number) {
  requireEmployee(actor, "read the song catalog");
  const linked = eq(tracks.catalogSongId, songId);
  const [items, [total]] = await Promise.all([
    requestRows(db, {
      id: requests.id,
      status: requests.statusCode,
      dateAdded: requests.dateAdded,
      accountName: accounts.name,
      albumTitle: albums.title,
      albumArtist: albums.artist,
    })
      .innerJoin(accounts, eq(accounts.id, requests.accountId))
      .where(linked)
      .orderBy(desc(requests.dateAdded), desc(requests.id))
      .limit(limit),
    db.select({ n: count() }).from(requests).innerJoin(tracks, eq(tracks.id, requests.trackId)).where(linked),
  ]);
  return { items, total: total?.n ?? 0 };
}
export type SongRequestRow = Awaited<ReturnType<typeof listSongRequests>>["items"][number];
