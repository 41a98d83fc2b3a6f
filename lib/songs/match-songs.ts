import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { notFound } from "@/lib/errors";

const MAX_MATCHES = 5;
/** Below this a song shares little more than a common word with the request: not offered. */
const MIN_SCORE = 0.25;
/** How much the people named on the request decide, when it names any: telling same-title songs apart. */
const WRITER_WEIGHT = 0.3;
/** Candidates scored in full: the titles most similar to the request's. */
const CANDIDATES = 40;
/** A title found by its words at least this similar to the request's spares the trigram search. */
const CLOSE_ENOUGH = 0.5;

/** Titles of more words than this skip the all-but-one tier, whose conditions grow with the square of their words. */
const MAX_ALL_BUT_ONE_WORDS = 8;

/** Every choice of all the conditions but one, as an OR of ANDs (a BitmapOr of GIN scans); false for one word. */
function allButOne(holds: SQL[]): SQL {
  if (holds.length < 2 || holds.length > MAX_ALL_BUT_ONE_WORDS) return sql`false`;
  const choices = holds.map(
    (_, left) =>
      sql`(${sql.join(
        holds.filter((_h, i) => i !== left),
        sql` and `,
      )})`,
  );
  return sql.join(choices, sql` or `);
}

export type SongMatch = { songId: number; title: string; writers: string[]; score: number };

/**
 * Catalog songs for a song as filed, best first; `score` is in 0..1. Titles are compared normalised (normalise_title(),
 * the rule that also fills catalog_songs.title_normalised) by pg_trgm similarity; the request's composer and original
 * artist are compared with the song's writers by surname (name_keys(), name_overlap()). The functions are in
 * db/migrations/0003_catalog_matching.sql.
 *
 * Candidates come in tiers, each tried only when the ones before found nothing, so that the usual request costs a
 * few index lookups: the songs holding every word of the request's title (the GIN index of title keys: what case,
 * punctuation, "&", "The" and version suffixes come to); those holding every word give or take one typo per word
 * (the same index, through the words' one-letter-less keys); those holding all of them but one (a word added, or
 * two typos). Only when none of those titles is close to the request's (words split or joined, "Wonder Wall"; a
 * song the catalog lacks) are the nearest titles by trigram distance added: the GiST index, read whole, the slow
 * path.
 */
export async function matchSongs(db: Db, song: { title: string; people: string }): Promise<SongMatch[]> {
  const rows = await db.transaction(async (tx) => {
    const [normalised] = (await tx.execute<{ title: string }>(sql`select normalise_title(${song.title}) as title`))
      .rows;
    const title = normalised?.title ?? "";
    const words = [...new Set(title.split(" ").filter(Boolean))];
    if (words.length === 0) return [];
    // PostgreSQL misjudges how many rows && and @> on arrays find: left to itself it plans parallel sequential scans
    // for tiers that then read a few index pages (or never run), and pays for starting the workers every time.
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local enable_seqscan = off`);
    return (
      await tx.execute<{ id: number; title: string; writers: string[]; score: number }>(
        matchQuery(title, words, song.people),
      )
    ).rows;
  });
  return rows.map((r) => ({
    songId: r.id,
    title: r.title,
    writers: r.writers,
    score: Math.min(1, Math.round(Number(r.score) * 1000) / 1000),
  }));
}

function matchQuery(title: string, words: string[], people: string): SQL {
  const holds = words.map((w) => sql`title_keys && word_keys(${w})`);
  const scored = sql`select id, similarity(title_normalised, ${title}) as sim from catalog_songs`;
  const best = sql`order by sim desc, id limit ${CANDIDATES}`;
  const writerWeight = people.trim() ? WRITER_WEIGHT : 0;
  return sql`
    with every_word as (
      ${scored} where title_keys @> string_to_array(${title}, ' ') ${best}
    ),
    typos as (
      ${scored} where not exists (select from every_word) and ${sql.join(holds, sql` and `)} ${best}
    ),
    all_but_one as (
      ${scored} where not exists (select from every_word) and not exists (select from typos) and (${allButOne(holds)})
      ${best}
    ),
    by_words as (select * from every_word union all select * from typos union all select * from all_but_one),
    nearest as (
      ${scored} where coalesce((select max(sim) from by_words), 0) < ${CLOSE_ENOUGH}
      order by title_normalised <-> ${title} limit ${CANDIDATES}
    )
    select * from (
      select s.id, s.title, s.writers,
        (1 - ${writerWeight}::real) * c.sim
          + ${writerWeight}::real * name_overlap(name_keys(array_to_string(s.writers, ' & ')), name_keys(${people})) as score
      from (select * from by_words union select * from nearest) c
      join catalog_songs s on s.id = c.id
    ) matches
    where score >= ${MIN_SCORE}
    order by score desc, id
    limit ${MAX_MATCHES}`;
}

/** GET /api/requests/{id}/song-matches: the catalog songs that may be the one the request's track is for. */
export async function findSongMatches(db: Db, actor: Actor, requestId: number): Promise<{ matches: SongMatch[] }> {
  requireEmployee(actor, "research catalog songs");
  const [track] = await db
    .select({ title: tracks.songTitle, composer: tracks.songComposer, artist: tracks.songOriginalRecordingArtist })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .where(eq(requests.id, requestId));
  if (!track) throw notFound(`Request ${requestId}`);
  const people = [track.composer, track.artist].filter(Boolean).join(" & ");
  return { matches: await matchSongs(db, { title: track.title, people }) };
}
