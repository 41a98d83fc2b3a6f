import { and, asc, count, eq, inArray, lte, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts, albums, licensees, requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { now } from "@/lib/clock";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { requestRows } from "@/lib/requests/request-rows";
import { OPEN_STATUSES, QUEUE_PAGE_SIZE, type QueueQuery } from "./queue-query";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The staff queue: every account's requests, oldest first (the longest waiting at the top), one page. */
export async function listQueue(db: Conn, actor: Actor, query: QueueQuery) {
  requireEmployee(actor, "see the licensing queue");
  const statuses = query.status === "open" ? OPEN_STATUSES : query.status === "all" ? undefined : [query.status];
  const where: SQL | undefined = and(
    statuses ? inArray(requests.statusCode, statuses) : undefined,
    query.account !== undefined ? eq(requests.accountId, query.account) : undefined,
    query.age !== undefined ? lte(requests.dateAdded, new Date(now().getTime() - query.age * DAY_MS)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    requestRows(db, {
      id: requests.id,
      kind: requests.kind,
      statusCode: requests.statusCode,
      dateAdded: requests.dateAdded,
      songTitle: tracks.songTitle,
      songLinked: tracks.catalogSongId,
      albumTitle: albums.title,
      accountName: accounts.name,
      licensee: { companyName: licensees.companyName, firstName: licensees.firstName, lastName: licensees.lastName },
    })
      .innerJoin(accounts, eq(accounts.id, requests.accountId))
      .where(where)
      .orderBy(asc(requests.dateAdded), asc(requests.id))
      .offset((query.page - 1) * QUEUE_PAGE_SIZE)
      .limit(QUEUE_PAGE_SIZE),
    requestRows(db, { n: count() }).where(where),
  ]);
  const at = now().getTime();
  const items = rows.map(({ licensee, songLinked, ...r }) => ({
    ...r,
    songLinked: songLinked !== null,
    licenseeName: licenseeName(licensee),
    ageDays: Math.max(0, Math.floor((at - r.dateAdded.getTime()) / DAY_MS)),
  }));
  return { items, total: total?.n ?? 0, pageSize: QUEUE_PAGE_SIZE };
}

/** The client accounts, for the queue's account filter. */
export async function queueAccounts(db: Conn, actor: Actor) {
  requireEmployee(actor, "see the licensing queue");
  return db.select({ id: accounts.id, name: accounts.name }).from(accounts).orderBy(asc(accounts.name));
}
