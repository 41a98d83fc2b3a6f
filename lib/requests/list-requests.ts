import { count, inArray, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { requests } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { inRequestScope, requestRows } from "./request-rows";
import { pagedRequestViews } from "./request-view";
import type { StatusCode } from "./statuses";

export type ListRequestsInput = { offset: number; limit: number; status?: StatusCode[] };

/** GET /api/requests: the caller's requests, newest first, one page and the total. */
export async function listRequests(db: Conn, actor: Actor, input: ListRequestsInput) {
  const scope = scopeOf(actor);
  const where: SQL | undefined = input.status?.length ? inArray(requests.statusCode, input.status) : undefined;
  const [items, [total]] = await Promise.all([
    pagedRequestViews(db, scope, where, { offset: input.offset, limit: input.limit, newestFirst: true }),
    requestRows(db, { n: count() }).where(inRequestScope(scope, where)),
  ]);
  return { items, total: total?.n ?? 0 };
}
