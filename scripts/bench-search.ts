import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { requestSearchParams, searchRequests } from "@/lib/requests/search-requests";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { array, FIRST, LAST, scratchDatabase, WORDS, type Timed } from "./bench-matching";

const employee: Actor = { kind: "employee", name: "bench", userId: null, apiKeyId: null };

/**
 * Request search (portal list and staff queue) over `count` requests filled through SQL into a database of their
 * own: one account, a licensee per 20 requests, an album and a release per 2 tracks, a request per track.
 */
export async function benchSearch(url: string | undefined, count: number, timed: Timed): Promise<void> {
  const scratch = await scratchDatabase(url);
  try {
    const { db } = scratch;
    const fill = performance.now();
    const albums = Math.ceil(count / 2);
    const licensees = Math.max(1, Math.ceil(count / 20));
    const word = sql`w[1 + floor(random() * n)::int]`;
    const vocabulary = sql`(select ${array(WORDS)} w, cardinality(${array(WORDS)}) n, ${array(FIRST)} f, ${array(LAST)} l) v`;
    const { rows: created } = await db.execute<{ id: number }>(sql`insert into accounts (name) values ('Search Bench') returning id`);
    const account = created[0]!.id;
    await db.execute(sql`
      insert into licensees (account_id, company_name, first_name, last_name)
      select ${account}, initcap(${word} || ' ' || ${word}) || ' Music ' || g, f[1 + floor(random() * 20)::int], l[1 + floor(random() * 20)::int]
      from generate_series(1, ${licensees}) g, ${vocabulary}`);
    await db.execute(sql`
      insert into albums (account_id, licensee_id, title, artist)
      select ${account}, lic.id, initcap(${word} || ' ' || ${word}), f[1 + floor(random() * 20)::int] || ' ' || l[1 + floor(random() * 20)::int]
      from generate_series(1, ${albums}) g
      join (select id, row_number() over (order by id) rn from licensees) lic on lic.rn = 1 + g % ${licensees}, ${vocabulary}`);
    await db.execute(sql`
      insert into releases (account_id, album_id, format_id, release_month, release_year, release_quantity)
      select ${account}, g, 1001, 1 + g % 12, 2027, 1000 from generate_series(1, ${albums}) g`);
    await db.execute(sql`
      insert into tracks (account_id, album_id, song_title)
      select ${account}, 1 + (g - 1) / 2, initcap(concat_ws(' ', ${word}, ${word}, case when random() < 0.5 then ${word} end))
      from generate_series(1, ${count}) g, ${vocabulary}`);
    await db.execute(sql`
      insert into requests (account_id, track_id, release_id, kind, royalty_per_unit, royalty_quantity, royalty_total, service_fee, fee_schedule_id)
      select ${account}, g, 1 + (g - 1) / 2, 'initial', 1310, 1000, 1310000, fs.song_fee, fs.id
      from generate_series(1, ${count}) g, (select id, song_fee from fee_schedules order by id desc limit 1) fs`);
    for (const table of ["licensees", "albums", "releases", "tracks", "requests"]) await db.execute(sql.raw(`analyze ${table}`));
    console.log(`${count} requests filled through SQL in ${((performance.now() - fill) / 1000).toFixed(1)} s`);

    const { rows } = await db.execute<{ company: string; song: string }>(sql`
      select l.company_name company, t.song_title song from requests r join tracks t on t.id = r.track_id
      join albums a on a.id = t.album_id join licensees l on l.id = a.licensee_id order by random() limit 20`);
    const sample = (i: number) => rows[i % rows.length]!;
    const search = (q: string) => searchRequests(db, employee, requestSearchParams.parse({ q }));
    await timed(`search a licensee's name (${count} requests)`, 30, (i) => search(sample(i).company));
    await timed(`search a song title (${count} requests)`, 30, (i) => search(sample(i).song));
    await timed(`search a common word (${count} requests)`, 10, () => search("love"));
    await timed(`search #number (${count} requests)`, 30, (i) => search(`#${1 + ((i * 7919) % count)}`));
    await timed(`search words nothing has (${count} requests)`, 10, (i) => search(`Zephyrine ${i}`));
    await timed(`staff queue search (${count} requests)`, 30, (i) => listQueue(db, employee, queueQuery.parse({ q: sample(i).company })));
  } finally {
    await scratch.close();
  }
}
