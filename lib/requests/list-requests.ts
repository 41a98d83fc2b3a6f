import { and, count, inArray, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { requests } from "@/db/schema";
import { scopeOf, type Actor, type Scope } from "@/lib/auth/actor";
import { encodeCursor, type RequestRecordFilters, type UpdatedCursor } from "./list-requests-query";
import { hasRecordFilters, requestRecordFilters } from "./request-record-filters";
import { inRequestTableScope } from "./request-rows";
import { countRequests } from "./request-counts";
import { changedRequestViews, pagedRequestViews } from "./request-view";
import type { StatusCode } from "./statuses";

export type ListRequestsInput = RequestRecordFilters & {
  offset?: number;
  limit: number;
  /** The last request of the previous page: its dateAdded to the microsecond and id. */
  after?: readonly [string, number];
  status?: StatusCode[];
  updatedSince?: Date;
  cursor?: UpdatedCursor;
};

const countOf = (db: Conn, scope: Scope, where: SQL | undefined) =>
  db
    .select({ n: count() })
    .from(requests)
    .where(inRequestTableScope(db, scope, where))
    .then(([row]) => row?.n ?? 0);

/**
 * GET /api/requests: the caller's requests, newest first, one page and the total. With `updatedSince` (or the
 * `cursor` a previous poll returned): those changed since, oldest change first, the count still to read and the
 * cursor of the next page (always: it is also where the next poll starts; `more` says whether a page follows now).
 * Otherwise `after` (the cursor of the previous page) starts the page after that request, so requests filed between
 * two calls are neither repeated nor skipped.
 */
export async function listRequests(db: Conn, actor: Actor, input: ListRequestsInput) {
  const scope = scopeOf(actor);
  const where: SQL | undefined = and(
    input.status?.length ? inArray(requests.statusCode, input.status) : undefined,
    requestRecordFilters(db, scope, input),
  );
  if (input.updatedSince || input.cursor) {
    const page = await changedRequestViews(
      db,
      scope,
      where,
      { since: input.updatedSince, cursor: input.cursor },
      input.limit,
    );
    const total = await countOf(db, scope, and(where, page.changed));
    return { items: page.items, total, pollCursor: encodeCursor(page.next), more: total > page.items.length };
  }
  const [page, total] = await Promise.all([
    pagedRequestViews(db, scope, where, {
      offset: input.offset ?? 0,
      after: input.after,
      limit: input.limit,
      newestFirst: true,
    }),
    // A licensee's requests are those of its albums, which the kept counts (by account and status) do not know; nor
    // do they know tracks, albums or licensees: a filter by them counts its own requests, a few of the account's.
    scope.licenseeId === undefined && !hasRecordFilters(input)
      ? countRequests(db, { accountId: scope.accountId, statuses: input.status })
      : countOf(db, scope, where),
  ]);
  return { ...page, total };
}
