import { and, asc, count, eq, isNotNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { ownerNotices, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { afterKey, cursorPageParams, offsetOrAfter, pageOf } from "@/lib/paging";
import { noticeRows, noticeView, toServe } from "./list-notices";
import { deadlineWindow, noticeDueOn } from "./notice-due-on";

/** The cursor of GET /api/notices' pages (soonest due first): the last notice's due date and id. */
const NOTICES_LIST = "notices";
const NOTICES_KEY = ["date", "id"] as const;

/** GET /api/notices' query: `served=false` for the work still to do; paged like every list. */
export const allNoticesQuery = z
  .strictObject({
    ...cursorPageParams(NOTICES_LIST, NOTICES_KEY),
    served: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  })
  .superRefine(offsetOrAfter);
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
  const after = query.after ? afterKey([noticeDueOn(), ownerNotices.id], query.after, NOTICES_KEY, false) : undefined;
  const [rows, [total]] = await Promise.all([
    // One more row than asked says whether a next page exists.
    noticeRows(db)
      .where(and(where, after))
      .orderBy(asc(noticeDueOn()), asc(ownerNotices.id))
      .offset(query.offset ?? 0)
      .limit(query.limit + 1),
    db
      .select({ n: count() })
      .from(ownerNotices)
      .innerJoin(requests, eq(requests.id, ownerNotices.requestId))
      .where(where),
  ]);
  const { today } = deadlineWindow();
  const page = pageOf(rows, query.limit, (row) => [row.dueOn, row.notice.id], NOTICES_LIST);
  const items = page.items.map((row) => ({
    requestId: row.notice.requestId,
    songTitle: row.songTitle,
    ...noticeView(row, today),
  }));
  return { items, total: total?.n ?? 0, nextCursor: page.nextCursor };
}
