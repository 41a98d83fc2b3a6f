import { and, count, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { cursorPageParams, offsetOrAfter, pageOf } from "@/lib/paging";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";
import { toWebhookDeliveryView, webhookDeliveryColumns } from "./webhook-delivery-view";

/** The cursor of the log's pages (newest first): the last delivery's id. */
const DELIVERIES_LIST = "deliveries";

/** GET /api/webhooks/{id}/deliveries: a page of the log. */
export const deliveriesQuery = z
  .strictObject(cursorPageParams(DELIVERIES_LIST, ["id"] as const))
  .superRefine(offsetOrAfter);

/**
 * GET /api/webhooks/{id}/deliveries and Settings → Webhooks: an endpoint's delivery log, newest first, from `offset`
 * or after the cursor's delivery, and the cursor of the next page when one follows.
 */
export async function listWebhookDeliveries(
  db: Conn,
  actor: Actor,
  endpointId: number,
  page: { offset?: number; limit: number; after?: readonly [number] },
) {
  const client = requireWebhookManager(actor);
  await findWebhookEndpoint(db, client.accountId, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select(webhookDeliveryColumns)
      .from(webhookDeliveries)
      .where(and(where, page.after ? lt(webhookDeliveries.id, page.after[0]) : undefined))
      .orderBy(desc(webhookDeliveries.id))
      .offset(page.offset ?? 0)
      // One more row than asked says whether a next page exists.
      .limit(page.limit + 1),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const { items, nextCursor } = pageOf(rows, page.limit, (r) => [r.id], DELIVERIES_LIST);
  return { items: items.map(toWebhookDeliveryView), total: total?.n ?? 0, nextCursor };
}
