import { and, asc, count, eq, inArray, lte, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts, albums, licensees, requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { now } from "@/lib/clock";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { deadlineWindow, dueCondition, noticeDueOn, noticeDueOnText } from "@/lib/licensing/notice-due-on";
import { requestRows } from "@/lib/requests/request-rows";
import { requestTextMatch } from "@/lib/requests/request-text-search";
import { OPEN_STATUSES, QUEUE_PAGE_SIZE, type QueueQuery } from "./queue-query";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The queue's conditions: status, account, age, notice deadline and search. */
function queueWhere(db: Conn, query: Omit<QueueQuery, "page" | "sort">, window = deadlineWindow()): SQL | undefined {
  const statuses = query.status === "open" ? OPEN_STATUSES : query.status === "all" ? undefined : [query.status];
  return and(
    statuses ? inArray(requests.statusCode, statuses) : undefined,
    query.account !== undefined ? eq(requests.accountId, query.account) : undefined,
    query.age !== undefined ? lte(requests.dateAdded, new Date(now().getTime() - query.age * DAY_MS)) : undefined,
    query.due !== undefined ? dueCondition(query.due, window) : undefined,
    query.q ? requestTextMatch(db, query.q) : undefined,
  );
}

/**
 * The staff queue: every account's requests, one page, the longest waiting at the top (or the soonest notice
 * deadline, `sort=due`). Each open request shows when its notices are due and whether that has passed.
 */
export async function listQueue(db: Conn, actor: Actor, query: QueueQuery) {
  requireEmployee(actor, "see the licensing queue");
  const where = queueWhere(db, query);
  const order = query.sort === "due" ? [asc(noticeDueOn()), asc(requests.dateAdded), asc(requests.id)] : [asc(requests.dateAdded), asc(requests.id)];
  const [rows, [total]] = await Promise.all([
    requestRows(db, {
      id: requests.id,
      kind: requests.kind,
      statusCode: requests.statusCode,
      dateAdded: requests.dateAdded,
      dueOn: noticeDueOnText(),
      songTitle: tracks.songTitle,
      songLinked: tracks.catalogSongId,
      albumTitle: albums.title,
      accountName: accounts.name,
      licensee: { companyName: licensees.companyName, firstName: licensees.firstName, lastName: licensees.lastName },
    })
      .innerJoin(accounts, eq(accounts.id, requests.accountId))
      .where(where)
      .orderBy(...order)
      .offset((query.page - 1) * QUEUE_PAGE_SIZE)
      .limit(QUEUE_PAGE_SIZE),
    requestRows(db, { n: count() }).where(where),
  ]);
  const at = now().getTime();
  const { today, soon } = deadlineWindow();
  const items = rows.map(({ licensee, songLinked, ...r }) => ({
    ...r,
    songLinked: songLinked !== null,
    licenseeName: licenseeName(licensee),
    ageDays: Math.max(0, Math.floor((at - r.dateAdded.getTime()) / DAY_MS)),
    // Only work still to do has a deadline to watch.
    deadline: !OPEN_STATUSES.includes(r.statusCode) ? null : r.dueOn < today ? ("overdue" as const) : r.dueOn <= soon ? ("soon" as const) : null,
  }));
  return { items, total: total?.n ?? 0, pageSize: QUEUE_PAGE_SIZE };
}

/** How many open requests have notices overdue, and due within the coming week: the staff dashboard's figures. */
export async function deadlineCounts(db: Conn, actor: Actor) {
  requireEmployee(actor, "see the licensing queue");
  return countDeadlines(db);
}

/** deadlineCounts without the access check, for the daily digest (no caller), on the day of `window`. */
export async function countDeadlines(db: Conn, window = deadlineWindow()) {
  const counted = (due: "overdue" | "soon") =>
    requestRows(db, { n: count() }).where(queueWhere(db, { status: "open", due }, window)).then(([row]) => row?.n ?? 0);
  const [overdue, soon] = await Promise.all([counted("overdue"), counted("soon")]);
  return { overdue, soon };
}

/** The client accounts, for the queue's account filter. */
export async function queueAccounts(db: Conn, actor: Actor) {
  requireEmployee(actor, "see the licensing queue");
  return db.select({ id: accounts.id, name: accounts.name }).from(accounts).orderBy(asc(accounts.name));
}
