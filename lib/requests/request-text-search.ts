import { and, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { albums, licensees, licenseeSearchText, requests, tracks } from "@/db/schema";
import { MAX_ID } from "@/lib/validation";

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

const atLeast3 = (word: string) => [...word].length >= 3;

/**
 * A LIKE pattern that `%text%` implies and the trigram indexes answer with less reading: the text with the space
 * between two words of three letters or more left open (`%garden%crazy me%` for "Garden Crazy Me"). A word boundary
 * inside the pattern makes pg_trgm look up padded trigrams ("en ", "  c"), which nearly every title has: their
 * posting lists were most of a search's index work at a million tracks, and the words' own trigrams narrow the rows
 * as well. Around a short word the boundary is kept: its padded trigrams are all that narrows it ("Oh", "On").
 */
export function loosePattern(text: string): string {
  const parts = text.split(/([^\p{L}\p{N}]+)/u); // words at even places, what separates them at odd ones
  let pattern = escapeLike(parts[0]!);
  for (let i = 1; i < parts.length; i += 2) {
    const open = atLeast3(parts[i - 1]!) && atLeast3(parts[i + 1] ?? "");
    pattern += (open ? "%" : escapeLike(parts[i]!)) + escapeLike(parts[i + 1] ?? "");
  }
  return `%${pattern}%`;
}

/**
 * The ids of `table`'s rows (of one account, if given) with `text` in one of `columns`: found through the columns'
 * trigram indexes with the loose pattern, then checked with the exact one. `offset 0` keeps the subquery whole, so
 * the exact pattern stays a filter rather than joining the index condition, where its trigrams would be read too.
 */
function rowsWith(table: PgTable, id: AnyColumn, account: AnyColumn, columns: SQL[], text: string, accountId?: number): SQL {
  const exact = `%${escapeLike(text)}%`;
  const loose = loosePattern(text);
  const inAccount = accountId === undefined ? undefined : eq(account, accountId);
  const selected = sql.join(
    columns.map((c, i) => sql`${c} as ${sql.identifier(`t${i}`)}`),
    sql`, `,
  );
  const checked = or(...columns.map((_, i) => ilike(sql`f.${sql.identifier(`t${i}`)}`, exact)));
  return sql`select f.id from (select ${id} as id, ${selected} from ${table} where ${and(or(...columns.map((c) => ilike(c, loose))), inAccount)} offset 0) f where ${checked}`;
}

/**
 * The request search of the portal's list and the staff queue: `q` found in the song title, the album's title or
 * artist, or the licensee's name (company, first or last), or `6` / `#6` as the request number. Each text is matched
 * in its own table through a trigram index (rowsWith) and the matching tracks are collected by id (a request is its
 * track's), so the search stays an index lookup however many requests there are (the caller adds the scope, filters
 * and order). `accountId` (the caller's scope or the queue's account filter) narrows each table's matches to the
 * account before they are looked up in `requests`; the caller still scopes `requests` itself.
 */
export function requestTextMatch(q: string, accountId?: number): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const number = /^#?\s*(\d{1,10})$/.exec(text);
  const id = number ? Number(number[1]) : null;
  const byId = id !== null && id <= MAX_ID ? eq(requests.id, id) : undefined;
  if (text.startsWith("#") && number) return byId ?? eq(requests.id, -1);

  const bySong = rowsWith(tracks, tracks.id, tracks.accountId, [sql`${tracks.songTitle}`], text, accountId);
  const byAlbum = rowsWith(albums, albums.id, albums.accountId, [sql`${albums.title}`, sql`${albums.artist}`], text, accountId);
  const byLicensee = rowsWith(licensees, licensees.id, licensees.accountId, [licenseeSearchText(licensees)], text, accountId);
  const tracksMatched = sql`${bySong}
    union select ${tracks.id} from ${tracks} join (${byAlbum}) a on a.id = ${tracks.albumId}
    union select ${tracks.id} from ${tracks} join ${albums} on ${albums.id} = ${tracks.albumId} join (${byLicensee}) l on l.id = ${albums.licenseeId}`;
  if (!byId) return sql`${requests.trackId} in (${tracksMatched})`;
  // `id = 6 or track_id in (…)` leaves PostgreSQL no index for either side: it read every request of the scope (90 ms
  // for "123456" at a million requests). As one set of ids, each side uses its own.
  return sql`${requests.id} in (select ${id}::integer union all select r.id from ${requests} r where r.track_id in (${tracksMatched}))`;
}
