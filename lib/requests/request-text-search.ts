import { eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { Conn } from "@/db/client";
import { albums, licensees, licenseeSearchText, requests, tracks } from "@/db/schema";
import { MAX_ID } from "@/lib/validation";

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * The request search of the portal's list and the staff queue: `q` found in the song title, the album's title or
 * artist, or the licensee's name (company, first or last), or `6` / `#6` as the request number. Each text is matched
 * in its own table through a trigram index and the matching requests are collected by id, so the search stays an
 * index lookup however many requests there are (the caller adds the scope, filters and order).
 */
export function requestTextMatch(db: Conn, q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const number = /^#?\s*(\d{1,10})$/.exec(text);
  const id = number ? Number(number[1]) : null;
  const byId = id !== null && id <= MAX_ID ? eq(requests.id, id) : undefined;
  if (text.startsWith("#") && number) return byId ?? eq(requests.id, -1);

  const pattern = `%${escapeLike(text)}%`;
  const onTrack = db.select({ id: requests.id }).from(requests).innerJoin(tracks, eq(tracks.id, requests.trackId));
  const bySong = onTrack.where(ilike(tracks.songTitle, pattern));
  const byAlbum = db
    .select({ id: requests.id })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(or(ilike(albums.title, pattern), ilike(albums.artist, pattern)));
  const byLicensee = db
    .select({ id: requests.id })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .innerJoin(licensees, eq(licensees.id, albums.licenseeId))
    .where(ilike(licenseeSearchText(licensees), pattern));
  return or(byId, inArray(requests.id, union(bySong, byAlbum, byLicensee)));
}
