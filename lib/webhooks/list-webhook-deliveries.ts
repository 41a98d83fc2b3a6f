import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { pageParams } from "@/lib/query-params";
import { findWebhookEndpoint, requireWebhookManager } from "./find-webhook-endpoint";
import { toWebhookDeliveryView, webhookDeliveryColumns } from "./webhook-delivery-view";

/** GET /api/webhooks/{id}/deliveries: a page of the log. */
export const deliveriesQuery = z.strictObject(pageParams);

/** GET /api/webhooks/{id}/deliveries and Settings → Webhooks: an endpoint's delivery log, newest first. */
export async function listWebhookDeliveries(
  db: Conn,
  actor: Actor,
  endpointId: number,
  page: { offset: number; limit: number },
) {
  const client = requireWebhookManager(actor);
  await findWebhookEndpoint(db, client.accountId, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select(webhookDeliveryColumns)
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { items: rows.map(toWebhookDeliveryView), total: total?.n ?? 0 };
}
