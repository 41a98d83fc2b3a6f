import { z } from "zod";
import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { pageParams } from "@/lib/query-params";
import { requestTimeline } from "./request-timeline";

export const listRequestEventsQuery = z.strictObject(pageParams);

/**
 * GET /api/requests/{id}/events: the status timeline the portal shows the caller (the same read, so the same
 * visibility), oldest first, one page of it. A timeline holds a few events, so it is paged after reading.
 */
export async function listRequestEvents(
  db: Conn,
  actor: Actor,
  requestId: number,
  page: z.output<typeof listRequestEventsQuery>,
) {
  const timeline = await requestTimeline(db, actor, requestId);
  const items = timeline.slice(page.offset, page.offset + page.limit).map((e) => ({
    from: e.from,
    to: e.to.code,
    ...(e.to.reason ? { reason: e.to.reason } : {}),
    at: e.dateAdded,
    actor: e.actor,
    note: e.note,
  }));
  return { items, total: timeline.length };
}
