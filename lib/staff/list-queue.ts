import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lte,
  notInArray,
  sql,
  type AnyColumn,
  type SQL,
  type WithSubquery,
} from "drizzle-orm";
import type { Conn } from "@/db/client";
import { pageWithTotal, totalOf } from "@/db/page-with-total";
import {
  accounts,
  albums,
  formats,
  licensees,
  releases,
  requests,
  requestStatusEvents,
  tracks,
  users,
  wallPosts,
} from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { now } from "@/lib/clock";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { deadlineWindow, dueCondition, noticeDueOn, noticeDueOnText } from "@/lib/licensing/notice-due-on";
import { countRequests } from "@/lib/requests/request-counts";
import { requestRows } from "@/lib/requests/request-rows";
import { requestTextMatch } from "@/lib/requests/request-text-search";
import { formatTotal } from "@/lib/royalties/compute-royalty";
import { OPEN_STATUSES, SETTLED_STATUSES, STATUS_CODES } from "@/lib/requests/statuses";
import { QUEUE_PAGE_SIZE, WAITING_ON, type QueueQuery, type QueueSort } from "./queue-query";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the request entered its current status: its last status event (filing is the first). */
const statusSince =
  sql<Date>`coalesce((select max(${requestStatusEvents.dateAdded}) from ${requestStatusEvents} where ${requestStatusEvents.requestId} = ${requests.id}), ${requests.dateAdded})`.mapWith(
    requests.dateAdded,
  );

/**
 * The client (or licensee) has written on the album's wall since the service's last word on this request: its last
 * status change by an employee or its album's last post by an employee. Each side is a latest date, which the
 * (album, date) index of the wall answers by reading backwards from the newest post, however long the wall.
 */
const clientReplied = sql<boolean>`coalesce(
  (select max(reply.date_added) from ${wallPosts} reply where reply.album_id = ${tracks.albumId} and reply.author_kind <> 'employee')
  > greatest(
    (select max(e.date_added) from ${requestStatusEvents} e where e.request_id = ${requests.id} and e.actor_kind = 'employee'),
    (select max(p.date_added) from ${wallPosts} p where p.album_id = ${tracks.albumId} and p.author_kind = 'employee'),
    ${requests.dateAdded}
  ), false)`;

const SORT_KEYS: Record<QueueSort, SQL | AnyColumn> = {
  waiting: requests.dateAdded,
  due: noticeDueOn(),
  id: requests.id,
  song: tracks.songTitle,
  album: albums.title,
  client: accounts.name,
  licensee: sql`coalesce(${licensees.companyName}, ${licensees.lastName})`,
  format: formats.title,
  units: requests.royaltyQuantity,
  royalty: requests.royaltyTotal,
  status: requests.statusCode,
  inStatus: sql`(${statusSince})`,
};

/** The queue's order: the chosen key, then the longest waiting, then the request number (a stable page order). */
function queueOrder(query: Pick<QueueQuery, "sort" | "dir">): SQL[] {
  const by = query.dir === "desc" ? desc : asc;
  // Time in status sorts by the moment the status began: the shortest time in status has the latest moment.
  const key =
    query.sort === "inStatus" ? (query.dir === "asc" ? desc : asc)(SORT_KEYS.inStatus) : by(SORT_KEYS[query.sort]);
  return [key, by(requests.dateAdded), by(requests.id)];
}

/** The ids of the requests the queue's conditions select: they are all on the request, read without the other joins. */
const queueMatches = (db: Conn, where: SQL | undefined) => db.select({ id: requests.id }).from(requests).where(where);

const countQueue = async (db: Conn, where: SQL | undefined) =>
  (await db.select({ n: count() }).from(queueMatches(db, where).as("matches")))[0]?.n ?? 0;

/**
 * The queue's total: from the kept counts when only statuses (status, whose move) and the account filter it, as in
 * its default view; a real count otherwise.
 */
async function queueTotal(db: Conn, query: QueueQuery, where: SQL | undefined): Promise<number> {
  if (query.age !== undefined || query.due !== undefined || query.assignee !== undefined || query.q)
    return countQueue(db, where);
  const chosen =
    query.status === "all"
      ? undefined
      : query.status === "open"
        ? STATUS_CODES.filter((s) => !SETTLED_STATUSES.includes(s))
        : [query.status];
  const waiting = query.waiting === undefined ? undefined : WAITING_ON[query.waiting];
  const statuses = chosen && waiting ? chosen.filter((s) => waiting.includes(s)) : (chosen ?? waiting);
  return countRequests(db, { accountId: query.account, statuses });
}

/** Whose requests: the caller's (`mine`), no one's, or one employee's. */
function assigneeCondition(assignee: QueueQuery["assignee"], me: number | null): SQL | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === "none") return isNull(requests.assigneeUserId);
  const userId = assignee === "mine" ? me : assignee;
  return userId === null ? sql`false` : eq(requests.assigneeUserId, userId);
}

/** The queue's conditions: status, account, age, notice deadline, whose move, assignee and search. */
function queueWhere(
  db: Conn,
  query: Omit<QueueQuery, "page" | "sort" | "dir">,
  window = deadlineWindow(),
  me: number | null = null,
): SQL | undefined {
  const statuses = query.status === "open" || query.status === "all" ? undefined : [query.status];
  return and(
    query.status === "open" ? notInArray(requests.statusCode, SETTLED_STATUSES) : undefined,
    statuses ? inArray(requests.statusCode, statuses) : undefined,
    query.account !== undefined ? eq(requests.accountId, query.account) : undefined,
    query.age !== undefined ? lte(requests.dateAdded, new Date(now().getTime() - query.age * DAY_MS)) : undefined,
    query.due !== undefined ? dueCondition(query.due, window) : undefined,
    query.waiting !== undefined ? inArray(requests.statusCode, WAITING_ON[query.waiting]) : undefined,
    assigneeCondition(query.assignee, me),
    query.q ? requestTextMatch(query.q, query.account) : undefined,
  );
}

const QUEUE_FIELDS = {
  id: requests.id,
  kind: requests.kind,
  statusCode: requests.statusCode,
  dateAdded: requests.dateAdded,
  dueOn: noticeDueOnText(),
  songTitle: tracks.songTitle,
  songLinked: tracks.catalogSongId,
  royaltyTotalBeforeChange: requests.royaltyTotalBeforeChange,
  albumTitle: albums.title,
  accountName: accounts.name,
  formatTitle: formats.title,
  units: requests.royaltyQuantity,
  royaltyTotal: requests.royaltyTotal,
  statusSince,
  clientReplied,
  assignee: users.name,
  licensee: { companyName: licensees.companyName, firstName: licensees.firstName, lastName: licensees.lastName },
};

/**
 * One page of the queue: the requests `where` selects with everything shown, in the query's order; with `matched`
 * (a search's matches, the `with` of the statement) each row also carries their count.
 */
function queuePage(db: Conn, query: QueueQuery, where: SQL | undefined, matched?: WithSubquery) {
  const total = matched ? totalOf(db, matched) : sql<number | null>`null`;
  return requestRows(db, { ...QUEUE_FIELDS, total }, ...(matched ? [matched] : []))
    .innerJoin(accounts, eq(accounts.id, requests.accountId))
    .innerJoin(formats, eq(formats.id, releases.formatId))
    .leftJoin(users, eq(users.id, requests.assigneeUserId))
    .where(where)
    .orderBy(...queueOrder(query))
    .offset((query.page - 1) * QUEUE_PAGE_SIZE)
    .limit(QUEUE_PAGE_SIZE);
}

/**
 * A search's page and total in one statement (pageWithTotal): the matches are collected first (on the requests' own
 * conditions), then counted and joined for the page. Given the search inside the whole join, the planner joined
 * every request before matching (far too slow at a million requests); and the matches are found once, not twice.
 */
async function searchedPage(db: Conn, query: QueueQuery, where: SQL | undefined) {
  const matched = db.$with("matched").as(queueMatches(db, where));
  // `= any(array(…))` is a condition on the requests' key, looked up first; as `in (…)` it would be a semi-join, and
  // past the queue's eight joins (join_collapse_limit) the planner joins it last, after every request.
  const rows = await queuePage(
    db,
    query,
    sql`${requests.id} = any(array(${db.select({ id: matched.id }).from(matched)}))`,
    matched,
  );
  return pageWithTotal(rows, query.page, () => countQueue(db, where));
}

/**
 * The staff queue: every account's requests, one page, the longest waiting at the top (or the soonest notice
 * deadline, `sort=due`, or any column). Each open request shows when its notices are due and whether that has
 * passed, how long it has been in its status, whose move it is, and whether the client has replied since.
 */
export async function listQueue(db: Conn, actor: Actor, query: QueueQuery) {
  const employee = requireEmployee(actor, "see the licensing queue");
  const where = queueWhere(db, query, deadlineWindow(), employee.userId);
  const { rows, total } = query.q
    ? await searchedPage(db, query, where)
    : await Promise.all([queuePage(db, query, where), queueTotal(db, query, where)]).then(([rows, total]) => ({
        rows,
        total,
      }));
  const at = now().getTime();
  const { today, soon } = deadlineWindow();
  const days = (since: Date) => Math.max(0, Math.floor((at - since.getTime()) / DAY_MS));
  const items = rows.map(({ licensee, songLinked, royaltyTotal, royaltyTotalBeforeChange, total: _total, ...r }) => ({
    ...r,
    // The client changed the request after ready and no employee has acknowledged it (noteChangesSinceReady).
    changedSinceReady:
      royaltyTotalBeforeChange === null
        ? null
        : { royaltyBefore: formatTotal(Number(royaltyTotalBeforeChange)), royaltyNow: formatTotal(royaltyTotal) },
    songLinked: songLinked !== null,
    licenseeName: licenseeName(licensee),
    royaltyTotal: formatTotal(royaltyTotal),
    ageDays: days(r.dateAdded),
    daysInStatus: days(r.statusSince),
    waitingOn: WAITING_ON.client.includes(r.statusCode)
      ? ("client" as const)
      : OPEN_STATUSES.includes(r.statusCode)
        ? ("us" as const)
        : null,
    // Only work still to do has a deadline to watch.
    deadline: !OPEN_STATUSES.includes(r.statusCode)
      ? null
      : r.dueOn < today
        ? ("overdue" as const)
        : r.dueOn <= soon
          ? ("soon" as const)
          : null,
  }));
  return { items, total, pageSize: QUEUE_PAGE_SIZE };
}

/** How many open requests have notices overdue, and due within the coming week: the staff dashboard's figures. */
export async function deadlineCounts(db: Conn, actor: Actor) {
  requireEmployee(actor, "see the licensing queue");
  return countDeadlines(db);
}

/** deadlineCounts without the access check, for the daily digest (no caller), on the day of `window`. */
export async function countDeadlines(db: Conn, window = deadlineWindow()) {
  // Read from the open requests' index (requests_open_due_idx) alone. Neither deadline is later than the end of "due
  // soon", so a request whose release part is later cannot count: the index is read only up to that day.
  const [row] = await db
    .select({
      overdue: sql<number>`count(*) filter (where ${dueCondition("overdue", window)})::int`,
      soon: sql<number>`count(*) filter (where ${dueCondition("soon", window)})::int`,
    })
    .from(requests)
    .where(and(notInArray(requests.statusCode, SETTLED_STATUSES), lte(requests.releaseDueOn, window.soon)));
  return { overdue: row?.overdue ?? 0, soon: row?.soon ?? 0 };
}

/** The client accounts, for the queue's account filter. */
export async function queueAccounts(db: Conn, actor: Actor) {
  requireEmployee(actor, "see the licensing queue");
  return db.select({ id: accounts.id, name: accounts.name }).from(accounts).orderBy(asc(accounts.name));
}
