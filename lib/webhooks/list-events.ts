import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { events } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { validationFailed } from "@/lib/errors";
import { pageParams } from "@/lib/query-params";
import { eventRowId, publicEventId } from "./event-id";
import { toEventView, type EventView } from "./event-view";
import { WEBHOOK_EVENTS } from "./events";
import { requireWebhookManager } from "./find-webhook-endpoint";
import { positionEvents } from "./position-events";

/** GET /api/events: after an event id (the `X-Next-Cursor` of the last page), of one type, a page size. */
export const listEventsQuery = z.strictObject({
  after: z
    .string()
    .refine((v) => eventRowId(v) !== null, "must be an event id such as evt_42")
    .optional()
    .meta({
      description:
        "The `id` of the last event you have (the `X-Next-Cursor` of the last page); absent: from the oldest kept",
    }),
  type: z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` }).optional(),
  limit: pageParams.limit,
});
export type ListEventsQuery = z.output<typeof listEventsQuery>;

/**
 * GET /api/events: the account's events of the last 30 days in the order they committed, a page after `after`. Events
 * are first positioned (positionEvents), so a page never skips one whose transaction committed late. Answers the page
 * and the next cursor (the last event's id, or `after` when none followed).
 */
export async function listEvents(
  db: Conn,
  actor: Actor,
  query: ListEventsQuery,
): Promise<{ items: EventView[]; next: string | null }> {
  const client = requireWebhookManager(actor);
  await positionEvents(db);
  const where: SQL[] = [eq(events.accountId, client.accountId)];
  if (query.after !== undefined) {
    const [from] = await db
      .select({ position: events.position })
      .from(events)
      .where(and(eq(events.id, eventRowId(query.after)!), eq(events.accountId, client.accountId)));
    if (!from?.position)
      throw validationFailed([
        { path: "after", message: `no event ${query.after} (events are kept 30 days); start again without after` },
      ]);
    where.push(gt(events.position, from.position));
  } else {
    where.push(gt(events.position, 0));
  }
  if (query.type !== undefined) where.push(eq(events.type, query.type));
  const rows = await db
    .select({ id: events.id, type: events.type, created: events.created, data: events.data })
    .from(events)
    .where(and(...where))
    .orderBy(asc(events.position))
    .limit(query.limit);
  const last = rows.at(-1);
  return { items: rows.map(toEventView), next: last ? publicEventId(last.id) : (query.after ?? null) };
}
