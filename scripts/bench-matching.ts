import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createDb, type DbHandle } from "@/db/client";
import { matchSongs } from "@/lib/songs/match-songs";

export type Timed = (label: string, runs: number, fn: (i: number) => Promise<unknown>) => Promise<void>;

// Words of song titles and names of writers, for a catalog that shares words the way real ones do.
export const WORDS =
  "love heart night baby dance fire rain blue moon river road home girl boy time dream light summer wild sweet " +
  "my your me you the of in on down away again forever tonight alone together crazy little world song star sky " +
  "sun day days way back life kiss tears cry soul angel devil gold silver train city street town highway midnight " +
  "morning evening winter spring autumn rose wine whiskey honey sugar candy paradise heaven hell storm thunder " +
  "lightning ocean sea shore harbor island mountain valley desert wind fever freedom hope lonely broken golden " +
  "runaway stranger lover friend mama daddy brother sister rock roll blues soul jazz rhythm radio telephone " +
  "letter story secret shadow mirror window door garden flower butterfly eagle tiger wolf horse cowboy " +
  "queen king prince princess diamond rainbow sunshine moonlight starlight firework glory thunderbird electric " +
  "yesterday tomorrow always never nothing everything somebody nobody everybody hey oh yeah good bad better best";
export const FIRST =
  "John Paul Mary Jane Kim Ann Peter Lena Sam Nora Tom Rita Sol Ivy June Dee Theo Mara Willie Harold";
export const LAST =
  "Smith Doe Jones Brown Taylor Wilson Moore Clark Lewis Walker Hall Young King Wright Hill Green Baker Adams Nelson Carter";

export const array = (words: string) =>
  sql.raw(
    `array[${words
      .split(" ")
      .map((w) => `'${w}'`)
      .join(",")}]`,
  );

/** One-letter typos, version suffixes, case and a leading "The": what requests look like. */
const variant = (title: string, i: number) =>
  [
    title,
    title.toUpperCase(),
    `${title} (Live)`,
    `${title} - Remastered 2011`,
    title.length > 4 ? title.slice(0, 2) + title.slice(3) : title,
    `The ${title}`,
  ][i % 6]!;

/**
 * Match latency on a catalog of `songs` songs, filled through SQL into a database of its own (a new in-memory PGlite,
 * or a throwaway database on DATABASE_URL's server, dropped afterwards), so no real catalog gains 100k songs.
 */
export async function benchMatching(url: string | undefined, songs: number, timed: Timed): Promise<void> {
  const scratch = await scratchDatabase(url);
  try {
    const { db } = scratch;
    const fill = performance.now();
    await db.execute(sql`
      insert into catalog_songs (title, writers)
      select initcap(concat_ws(' ', w[1 + floor(random() * n)::int], w[1 + floor(random() * n)::int],
          case when random() < 0.7 then w[1 + floor(random() * n)::int] end,
          case when random() < 0.3 then w[1 + floor(random() * n)::int] end)),
        array[f[1 + floor(random() * 20)::int] || ' ' || l[1 + floor(random() * 20)::int],
          f[1 + floor(random() * 20)::int] || ' ' || l[1 + floor(random() * 20)::int]]
      from generate_series(1, ${songs}) g,
        (select ${array(WORDS)} w, cardinality(${array(WORDS)}) n, ${array(FIRST)} f, ${array(LAST)} l) vocabulary`);
    await db.execute(sql`analyze catalog_songs`);
    console.log(`catalog of ${songs} songs filled through SQL in ${((performance.now() - fill) / 1000).toFixed(1)} s`);
    const { rows: samples } = await db.execute<{ title: string; writers: string[] }>(
      sql`select title, writers from catalog_songs order by random() limit 60`,
    );
    const sample = (i: number) => samples[i % samples.length]!;
    await timed(`match a catalog song (${songs} songs)`, 300, (i) =>
      matchSongs(db, { title: variant(sample(i).title, i), people: sample(i).writers.join(" & ") }),
    );
    await timed(`match with a word added (${songs} songs)`, 100, (i) =>
      matchSongs(db, { title: `${sample(i).title} Zephyrine`, people: "Nobody Known" }),
    );
    // No word in common with any song: the nearest titles by trigram distance, the slow path.
    await timed(`match a title of unknown words (${songs} songs)`, 50, (i) =>
      matchSongs(db, { title: `Zephyrine Quixotry ${i}`, people: "Nobody Known" }),
    );
  } finally {
    await scratch.close();
  }
}

/** A scratch database, and its URL when it is on a PostgreSQL server (other processes can then open it too). */
export type ScratchDb = DbHandle & { url: string | null };

/** A database of its own for a benchmark's bulk data: in-memory PGlite, or a throwaway database on `url`'s server. */
export async function scratchDatabase(url: string | undefined): Promise<ScratchDb> {
  if (!url) {
    const handle = await createDb({ driver: "pglite" });
    await handle.migrate();
    return { ...handle, url: null };
  }
  const { Client } = await import("pg");
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `coverdesk_bench_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await createDb({ driver: "pg", url: target.toString() });
  const close = async () => {
    await handle.close();
    await admin(`drop database if exists ${name} with (force)`);
  };
  try {
    await handle.migrate();
  } catch (e) {
    await close(); // a failed migration leaves no database behind either
    throw e;
  }
  return { ...handle, close, url: target.toString() };
}
