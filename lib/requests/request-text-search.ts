import { and, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { union, type PgColumn } from "drizzle-orm/pg-core";
import type { Conn } from "@/db/client";
import { albums, licensees, licenseeSearchText, requests, tracks } from "@/db/schema";
import { MAX_ID } from "@/lib/validation";

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * The request search of the portal's list and the staff queue: `q` found in the song title, the album's title or
 * artist, or the licensee's name (company, first or last), or `6` / `#6` as the request number. Each text is matched
 * in its own table through a trigram index and the matching tracks are collected by id (a request is its track's), so
 * the search stays an index lookup however many requests there are (the caller adds the scope, filters and order).
 * `accountId` (the caller's scope or the queue's account filter) narrows each table's matches to the account before
 * they are looked up in `requests`; the caller still scopes `requests` itself.
 */
export function requestTextMatch(db: Conn, q: string, accountId?: number): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const number = /^#?\s*(\d{1,10})$/.exec(text);
  const id = number ? Number(number[1]) : null;
  const byId = id !== null && id <= MAX_ID ? eq(requests.id, id) : undefined;
  if (text.startsWith("#") && number) return byId ?? eq(requests.id, -1);

  const pattern = `%${escapeLike(text)}%`;
  const inAccount = (column: PgColumn) => (accountId === undefined ? undefined : eq(column, accountId));
  const bySong = db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(ilike(tracks.songTitle, pattern), inAccount(tracks.accountId)));
  const byAlbum = db
    .select({ id: tracks.id })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(and(or(ilike(albums.title, pattern), ilike(albums.artist, pattern)), inAccount(albums.accountId)));
  const byLicensee = db
    .select({ id: tracks.id })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .innerJoin(licensees, eq(licensees.id, albums.licenseeId))
    .where(and(ilike(licenseeSearchText(licensees), pattern), inAccount(licensees.accountId)));
  return or(byId, inArray(requests.trackId, union(bySong, byAlbum, byLicensee)));
}
