import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { STATUS_CODES } from "@/lib/requests/statuses";
import { array, FIRST, LAST, WORDS } from "./bench-matching";

export const SCALE_ACCOUNTS = 5;

/**
 * What a fill made: the account measured (the one of the album with the big wall), a track of that album (walls are
 * read through a track), and song titles and licensee names of that account to search for.
 */
export type ScaleFill = {
  accountId: number;
  wallTrackId: number;
  sample: { songTitle: string; licenseeName: string }[];
};

// A desk's requests are open for weeks, then settled: the newest OPEN_AT_MOST (at most half) are open, spread over
// the open statuses (3 new, 1 need info, 2 ready, 1 need payment, 3 in licensing of every 10); the older ones are
// settled (18 licensed, 1 refused, 1 cancelled of every 20). Every request has its filing event, and every moved
// one the event of its current status.
const OPEN_AT_MOST = 5_000;
const OPEN_OF_10 = [
  "new",
  "new",
  "new",
  "need_info",
  "ready",
  "ready",
  "need_payment",
  "in_progress",
  "in_progress",
  "in_progress",
];
const SETTLED_OF_20 = [...Array<string>(18).fill("licensed"), "cannot_license", "cancelled"];
/** Requests paid in full (one paid invoice per album); the others (up to need_payment, refused, cancelled) owe or never will. */
const PAID = sql.raw(`'in_progress', 'licensed'`);

/**
 * Fills a scratch database through SQL, not the API: `requests` requests over 5 client accounts, one licensee per 5
 * requests, an album and a release per 2 tracks, a track per request, filed over the past months (a request every
 * 20 s); one album whose wall holds a post per 10 requests (a third public), and a post on every tenth other album. Ids are given explicitly, so each row's parent is known by number.
 */
export async function fillScale(db: Db, requests: number): Promise<ScaleFill> {
  if ([...OPEN_OF_10, ...SETTLED_OF_20].some((s) => !(STATUS_CODES as readonly string[]).includes(s)))
    throw new Error("unknown status in the fill");
  const firstOpen = requests - Math.min(OPEN_AT_MOST, Math.floor(requests / 2)) + 1;
  const licensees = Math.max(SCALE_ACCOUNTS, Math.ceil(requests / 5));
  const albums = Math.ceil(requests / 2);
  const posts = Math.max(100, Math.ceil(requests / 10));
  const word = sql`w[1 + floor(random() * n)::int]`;
  const vocabulary = sql`(select ${array(WORDS)} w, cardinality(${array(WORDS)}) n, ${array(FIRST)} f, ${array(LAST)} l) v`;
  const list = (codes: string[]) => sql.raw(`array[${codes.map((c) => `'${c}'`).join(",")}]::status_code[]`);
  const status = sql`case when t.id >= ${firstOpen} then (${list(OPEN_OF_10)})[1 + t.id % 10] else (${list(SETTLED_OF_20)})[1 + t.id % 20] end`;

  const { rows: accounts } = await db.execute<{ id: number }>(
    sql`insert into accounts (name) select 'Scale Records ' || g from generate_series(1, ${SCALE_ACCOUNTS}) g returning id`,
  );
  const accountIds = accounts.map((a) => a.id).sort((a, b) => a - b);
  const account = (g: ReturnType<typeof sql>) =>
    sql`(${sql.raw(`array[${accountIds.join(",")}]`)})[1 + ${g} % ${SCALE_ACCOUNTS}]`;
  await db.execute(sql`
    create temp table scale_licensees as
    select gen_random_uuid() id, g rn, ${account(sql`g`)} account_id from generate_series(1, ${licensees}) g`);
  await db.execute(sql`create index on scale_licensees (rn)`);
  await db.execute(sql`
    insert into licensees (id, account_id, company_name, first_name, last_name)
    select s.id, s.account_id, initcap(${word} || ' ' || ${word}) || ' Music ' || s.rn, f[1 + floor(random() * 20)::int], l[1 + floor(random() * 20)::int]
    from scale_licensees s, ${vocabulary}`);
  await db.execute(sql`
    insert into albums (id, account_id, licensee_id, title, artist, date_added)
    select g, s.account_id, s.id, initcap(${word} || ' ' || ${word}), f[1 + floor(random() * 20)::int] || ' ' || l[1 + floor(random() * 20)::int],
      now() - (${albums} - g) * interval '40 seconds'
    from generate_series(1, ${albums}) g join scale_licensees s on s.rn = 1 + g % ${licensees}, ${vocabulary}`);
  await db.execute(sql`
    insert into releases (id, account_id, album_id, format_id, release_month, release_year, release_quantity)
    select a.id, a.account_id, a.id, 1001 + a.id % 2, 1 + a.id % 12, 2027, 1000 from albums a`);
  await db.execute(sql`
    insert into tracks (id, account_id, album_id, song_title, length_in_seconds)
    select g, a.account_id, a.id, initcap(concat_ws(' ', ${word}, ${word}, case when random() < 0.5 then ${word} end)), 180 + g % 120
    from generate_series(1, ${requests}) g join albums a on a.id = 1 + (g - 1) / 2, ${vocabulary}`);
  // Requests in licensing or licensed were paid in full: they carry what their paid invoice's lines hold, as migration
  // 0022's triggers keep it (the lines are written below). Those of 5 albums in every 1,000 (one per account) had a
  // length supplied later that raised the royalty ($131.00 to $182.00): top-ups waiting for an invoice, 1,000 requests
  // on 500 albums per account, the list Billing showed before the fill paid anything.
  await db.execute(sql`
    insert into requests (id, account_id, track_id, release_id, kind, status_code, royalty_per_unit, royalty_quantity, royalty_total,
      service_fee, fee_schedule_id, date_added, date_updated, invoiced_royalty, invoiced_fee)
    select t.id, t.account_id, t.id, t.album_id, 'initial', t.status, 1310, 1000,
      case when t.status in (${PAID}) and t.album_id / 5 % 200 = 0 then 1820000 else 1310000 end, 1500,
      (select min(id) from fee_schedules), now() - (${requests} - t.id) * interval '20 seconds', now() - (${requests} - t.id) * interval '20 seconds',
      case when t.status in (${PAID}) then 1310000 else 0 end, case when t.status in (${PAID}) then 1500 else 0 end
    from (select t.*, ${status} status from tracks t) t`);
  await fillPaidInvoices(db);
  await db.execute(sql`
    insert into request_status_events (request_id, from_code, to_code, actor_kind, actor_name, date_added)
    select r.id, null::status_code, 'new'::status_code, 'client'::actor_kind, 'Scale Client', r.date_added from requests r
    union all
    select r.id, 'new', r.status_code, 'employee', 'Scale Staff', r.date_added + interval '1 hour' from requests r where r.status_code <> 'new'`);
  await db.execute(sql`
    insert into wall_posts (account_id, album_id, message, visibility, author_kind, author_name, date_added)
    select a.account_id, a.id, 'Post ' || g, (array['public', 'private', 'staff']::visibility[])[1 + g % 3],
      (array['client', 'employee']::actor_kind[])[1 + g % 2], 'Scale Author', now() - (${posts} - g) * interval '1 minute'
    from generate_series(1, ${posts}) g, albums a where a.id = 1`);
  // Every tenth other album has a post two days after it was filed (by the client or by staff): walls are mostly short.
  await db.execute(sql`
    insert into wall_posts (account_id, album_id, message, visibility, author_kind, author_name, date_added)
    select a.account_id, a.id, 'Note ' || a.id, 'private', (array['client', 'employee']::actor_kind[])[1 + a.id % 2], 'Scale Author',
      a.date_added + interval '2 days'
    from albums a where a.id % 10 = 0`);
  for (const table of ["albums", "releases", "tracks", "requests"]) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
    );
  }
  await db.execute(sql`drop table scale_licensees`);
  // As autovacuum leaves a database in use: statistics, and the visibility map that lets counts read indexes only.
  for (const table of [
    "licensees",
    "albums",
    "releases",
    "tracks",
    "requests",
    "request_status_events",
    "wall_posts",
    "invoices",
    "invoice_lines",
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const { rows: wall } = await db.execute<{ accountId: number }>(
    sql`select account_id "accountId" from albums where id = 1`,
  );
  const accountId = wall[0]!.accountId;
  const { rows: sample } = await db.execute<{ songTitle: string; licenseeName: string }>(sql`
    select t.song_title "songTitle", l.company_name "licenseeName" from requests r join tracks t on t.id = r.track_id
    join albums a on a.id = t.album_id join licensees l on l.id = a.licensee_id
    where r.account_id = ${accountId} order by random() limit 20`);
  return { accountId, wallTrackId: 1, sample };
}

/**
 * Each album's paid requests on one paid invoice of the year before, a line per request (no volume discount, no
 * ledger entries: no page of the fill reads them). The requests already carry these lines (see the insert above), so
 * the lines go in with migration 0022's insert trigger off: letting it add them would update a million requests rows
 * after the fact and leave the table and its indexes twice a desk's size, which every other figure would pay for.
 */
async function fillPaidInvoices(db: Db) {
  await db.execute(sql`
    insert into invoices (id, account_id, year, number, status, total, settled, issued_by_name, paid_at, date_added)
    select t.album_id, r.account_id, 2025, t.album_id, 'paid', sum(r.invoiced_royalty + r.invoiced_fee), sum(r.invoiced_royalty + r.invoiced_fee),
      'Scale Client', min(r.date_added) + interval '1 day', min(r.date_added) + interval '1 day'
    from requests r join tracks t on t.id = r.track_id where r.status_code in (${PAID}) group by t.album_id, r.account_id`);
  await db.execute(
    sql`insert into invoice_counters (year, last_number) select 2025, coalesce(max(number), 0) from invoices where year = 2025`,
  );
  await db.execute(sql`alter table invoice_lines disable trigger invoice_lines_invoiced_inserted`);
  await db.execute(sql`
    insert into invoice_lines (invoice_id, kind, request_id, description, units, royalty, fee, amount)
    select t.album_id, 'request', r.id, t.song_title, 1000, r.invoiced_royalty, r.invoiced_fee, r.invoiced_royalty + r.invoiced_fee
    from requests r join tracks t on t.id = r.track_id where r.status_code in (${PAID})`);
  await db.execute(sql`alter table invoice_lines enable trigger invoice_lines_invoiced_inserted`);
  await db.execute(sql`select setval(pg_get_serial_sequence('invoices', 'id'), (select max(id) from invoices))`);
}
