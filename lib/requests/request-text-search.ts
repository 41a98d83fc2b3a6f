import { and, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { accountTrigrams, albums, albumSearchText, licensees, licenseeSearchText, requests, tracks } from "@/db/schema";
import { escapeLike } from "@/lib/input-text";
import { MAX_ID } from "@/lib/validation";

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

/** An ASCII character that is no letter or digit: pg_trgm ends a word at it under any locale. */
const endsWord = (char: string | undefined) =>
  char !== undefined && /^[\x00-\x7f]$/.test(char) && !/[A-Za-z0-9]/.test(char);

/**
 * The search keys (db/schema/search-keys.ts) that every text containing `text` has in `accountId`: the trigrams pg_trgm takes from `text`'s ASCII letters and digits, lowercased, as it would for the loose
 * pattern. Within a run of them, every three in a row; at a word's edge the padded trigrams (`"  d"`, `"of "`) only
 * where `text` surely ends the word there (an ASCII separator) and loosePattern keeps the boundary: between two words
 * of three letters or more they are left out, as nearly every title has them. None when no key is sure. Lowercasing
 * A-Z to a-z assumes the database's locale does so too (all but Turkish and Azeri, whose lower("I") is "ı").
 */
export function searchKeys(text: string, accountId: number): string[] {
  const parts = text.split(/([^\p{L}\p{N}]+)/u); // words at even places, what separates them at odd ones
  const open = (i: number) => atLeast3(parts[i - 1] ?? "") && atLeast3(parts[i + 1] ?? ""); // the separator at odd i
  const trigrams = new Set<string>();
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i]!;
    const left = i > 0 && endsWord(parts[i - 1]!.at(-1)) && !open(i - 1);
    const right = i + 1 < parts.length && endsWord(parts[i + 1]![0]) && !open(i + 1);
    for (const run of word.matchAll(/[A-Za-z0-9]+/g)) {
      const start = left && run.index === 0 ? "  " : "";
      const end = right && run.index + run[0].length === word.length ? " " : "";
      const padded = start + run[0].toLowerCase() + end;
      for (let j = 0; j + 3 <= padded.length; j++) trigrams.add(`${accountId}:${padded.slice(j, j + 3)}`);
    }
  }
  return [...trigrams];
}

type Searched = { table: PgTable; id: AnyColumn; account: AnyColumn; columns: SQL[]; keyed: SQL | AnyColumn };

/**
 * The ids of a table's rows (of one account, if given) with `text` in one of its `columns`, found through an index
 * and then checked with the exact pattern: through the account's search `keys` when there are any (`keyed`: the
 * indexed text, holding every column); otherwise through the columns' trigram indexes with the loose pattern.
 * `offset 0` keeps the subquery whole, so the exact pattern stays a filter rather than joining the index condition,
 * where its trigrams would be read too.
 */
function rowsWith(
  { table, id, account, columns, keyed }: Searched,
  text: string,
  accountId?: number,
  keys?: string,
): SQL {
  const exact = `%${escapeLike(text)}%`;
  const found = keys
    ? sql`${accountTrigrams(account, keyed)} @> ${keys}::text[]`
    : or(...columns.map((c) => ilike(c, loosePattern(text))));
  const inAccount = accountId === undefined ? undefined : eq(account, accountId);
  const selected = sql.join(
    columns.map((c, i) => sql`${c} as ${sql.identifier(`t${i}`)}`),
    sql`, `,
  );
  const checked = or(...columns.map((_, i) => ilike(sql`f.${sql.identifier(`t${i}`)}`, exact)));
  return sql`select f.id from (select ${id} as id, ${selected} from ${table} where ${and(found, inAccount)} offset 0) f where ${checked}`;
}

/**
 * The request search of the portal's list and the staff queue: `q` found in the song title, the album's title or
 * artist, or the licensee's name (company, first or last), or `6` / `#6` as the request number. Each text is matched
 * in its own table through a trigram index (rowsWith) and the matching tracks are collected by id (a request is its
 * track's), so the search stays an index lookup however many requests there are (the caller adds the scope, filters
 * and order). `accountId` (the caller's scope or the queue's account filter) reads that account's search keys and
 * narrows each table's matches to it before they are looked up in `requests`; the caller still scopes `requests`.
 */
export function requestTextMatch(q: string, accountId?: number): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const number = /^#?\s*(\d{1,10})$/.exec(text);
  const id = number ? Number(number[1]) : null;
  const byId = id !== null && id <= MAX_ID ? eq(requests.id, id) : undefined;
  if (text.startsWith("#") && number) return byId ?? eq(requests.id, -1);

  const keys = accountId === undefined ? [] : searchKeys(text, accountId);
  const keyArray = keys.length ? `{${keys.map((key) => `"${key}"`).join(",")}}` : undefined; // a Postgres array literal
  const bySong = rowsWith(
    {
      table: tracks,
      id: tracks.id,
      account: tracks.accountId,
      columns: [sql`${tracks.songTitle}`],
      keyed: tracks.songTitle,
    },
    text,
    accountId,
    keyArray,
  );
  const byAlbum = rowsWith(
    {
      table: albums,
      id: albums.id,
      account: albums.accountId,
      columns: [sql`${albums.title}`, sql`${albums.artist}`],
      keyed: albumSearchText(albums),
    },
    text,
    accountId,
    keyArray,
  );
  const licenseeText = licenseeSearchText(licensees);
  const byLicensee = rowsWith(
    { table: licensees, id: licensees.id, account: licensees.accountId, columns: [licenseeText], keyed: licenseeText },
    text,
    accountId,
    keyArray,
  );
  const tracksMatched = sql`${bySong}
    union select ${tracks.id} from ${tracks} join (${byAlbum}) a on a.id = ${tracks.albumId}
    union select ${tracks.id} from ${tracks} join ${albums} on ${albums.id} = ${tracks.albumId} join (${byLicensee}) l on l.id = ${albums.licenseeId}`;
  if (!byId) return sql`${requests.trackId} in (${tracksMatched})`;
  // `id = 6 or track_id in (…)` leaves PostgreSQL no index for either side: it read every request of the scope (slow at
  // a million requests: `npm run bench:scale`, "portal search: a number, no #"). As one set of ids, each side uses its
  // own.
  return sql`${requests.id} in (select ${id}::integer union all select r.id from ${requests} r where r.track_id in (${tracksMatched}))`;
}
