import { and, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, requests, tracks } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { scoped } from "@/lib/scope";
import { pagedRequestViews } from "./request-view";
import type { StatusCode } from "./statuses";

export type ListRequestsInput = { offset: number; limit: number; status?: StatusCode[] };

/** GET /api/requests: the caller's requests, newest first, one page and the total. */
export async function listRequests(db: Conn, actor: Actor, input: ListRequestsInput) {
  const scope = scopeOf(actor);
  const where: SQL | undefined = input.status?.length ? inArray(requests.statusCode, input.status) : undefined;
  const [items, [total]] = await Promise.all([
    pagedRequestViews(db, scope, where, { offset: input.offset, limit: input.limit, newestFirst: true }),
    db
      .select({ n: count() })
      .from(requests)
      .innerJoin(tracks, eq(tracks.id, requests.trackId))
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(and(scoped(scope, { accountId: requests.accountId, licenseeId: albums.licenseeId }, where))),
  ]);
  return { items, total: total?.n ?? 0 };
}
