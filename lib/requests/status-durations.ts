import { sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { requestStatusEvents } from "@/db/schema";
import { now } from "@/lib/clock";
import type { StatusCode } from "./statuses";

const WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;
/** How long a process keeps the service's durations before reading them again (they move by days, not minutes). */
const FRESH_MS = 10 * 60_000;

type StatusDuration = { p25: number; p50: number; p75: number };
export type StatusDurations = { byStatus: Map<StatusCode, StatusDuration>; basedOn: number };

/**
 * How long requests stayed in each status, from the service's own history: every stay that ended in the last 90 days
 * (its status event to the next one of the same request), as quartiles in milliseconds; `basedOn` counts the requests.
 */
export async function statusDurations(db: Conn): Promise<StatusDurations> {
  const at = now();
  const since = new Date(at.getTime() - WINDOW_DAYS * DAY_MS);
  const e = requestStatusEvents;
  // Only requests with an event in the window can have a stay that ended in it.
  const [from, to] = [sql`${since.toISOString()}::timestamptz`, sql`${at.toISOString()}::timestamptz`];
  const { rows } = await db.execute<{
    status: StatusCode;
    p25: number;
    p50: number;
    p75: number;
    all_requests: number;
  }>(sql`
    with stays as (
      select ${e.requestId} as request_id, ${e.toCode} as status,
        extract(epoch from lead(${e.dateAdded}) over (partition by ${e.requestId} order by ${e.dateAdded}, ${e.id}) - ${e.dateAdded}) * 1000 as ms,
        lead(${e.dateAdded}) over (partition by ${e.requestId} order by ${e.dateAdded}, ${e.id}) as ended
      from ${e}
      where ${e.requestId} in (select ${e.requestId} from ${e} where ${e.dateAdded} >= ${from} and ${e.dateAdded} <= ${to})
    ), ended as (select * from stays where ended >= ${from} and ended <= ${to})
    select status,
      percentile_cont(0.25) within group (order by ms)::float8 as p25,
      percentile_cont(0.5) within group (order by ms)::float8 as p50,
      percentile_cont(0.75) within group (order by ms)::float8 as p75,
      (select count(distinct request_id) from ended)::int as all_requests
    from ended group by status`);
  return {
    byStatus: new Map(rows.map((r) => [r.status, { p25: Number(r.p25), p50: Number(r.p50), p75: Number(r.p75) }])),
    basedOn: rows[0]?.all_requests ?? 0,
  };
}

// The durations are a service-wide estimate read over 90 days of status events (a slow read at a million requests), not
// any one account's data: like the rate table, each database handle keeps them, here for FRESH_MS. Past that, the
// kept ones still answer while one read replaces them, so no page waits for that read but the process's first.
const kept = new WeakMap<Conn, { readAt: number; durations: Promise<StatusDurations>; refreshing: boolean }>();

/** statusDurations as a page needs them: at most FRESH_MS old, read again in the background when older. */
export function recentStatusDurations(db: Conn): Promise<StatusDurations> {
  const at = now().getTime();
  const entry = kept.get(db);
  if (!entry) {
    const durations = statusDurations(db);
    kept.set(db, { readAt: at, durations, refreshing: false });
    durations.catch(() => kept.delete(db)); // a failed read (a dropped connection) is retried by the next caller
    return durations;
  }
  if (at - entry.readAt > FRESH_MS && !entry.refreshing) {
    entry.refreshing = true;
    statusDurations(db).then(
      (durations) =>
        kept.set(db, { readAt: now().getTime(), durations: Promise.resolve(durations), refreshing: false }),
      () => (entry.refreshing = false),
    );
  }
  return entry.durations;
}
