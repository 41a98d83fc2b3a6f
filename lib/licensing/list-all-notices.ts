import { asc, count, eq, isNotNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { ownerNotices, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { pageParams } from "@/lib/query-params";
import { noticeRows, noticeView, toServe } from "./list-notices";
import { deadlineWindow, noticeDueOn } from "./notice-due-on";

/** GET /api/notices' query: `served=false` for the work still to do; paged like every list. */
export const allNoticesQuery = z.strictObject({
  ...pageParams,
  served: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
});
export type AllNoticesQuery = z.infer<typeof allNoticesQuery>;

/**
 * GET /api/notices: notices of intention across every request, soonest due date first (then by id). Unserved ones
 * are those still to serve: on requests whose licensing is in progress (a request that can no longer be licensed
 * leaves the list).
 */
export async function listAllNotices(db: Conn, actor: Actor, query: AllNoticesQuery) {
  requireEmployee(actor, "see notices of intention");
  const where: SQL | undefined =
    query.served === "false" ? toServe() : query.served === "true" ? isNotNull(ownerNotices.servedAt) : undefined;
  const [rows, [total]] = await Promise.all([
    noticeRows(db)
      .where(where)
      .orderBy(asc(noticeDueOn()), asc(ownerNotices.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ n: count() })
      .from(ownerNotices)
      .innerJoin(requests, eq(requests.id, ownerNotices.requestId))
      .where(where),
  ]);
  const { today } = deadlineWindow();
  const items = rows.map((row) => ({
    requestId: row.notice.requestId,
    songTitle: row.songTitle,
    ...noticeView(row, today),
  }));
  return { items, total: total?.n ?? 0 };
}
