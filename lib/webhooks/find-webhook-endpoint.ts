import { and, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { requireRole, type Actor } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { webhookEndpointColumns } from "./webhook-endpoint-view";

/** Client admins manage their account's webhooks (docs/product-rules.md, "Client roles"). */
export const requireWebhookManager = (actor: Actor) =>
  requireRole(actor, ["client:admin"], "manage their account's webhooks");

/** The account's endpoint `id`; another account's is a 404, like a missing one. `lock` takes its row lock. */
export async function findWebhookEndpoint(db: Conn, accountId: number, id: number, lock = false) {
  const query = db
    .select(webhookEndpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Webhook endpoint");
  return row;
}
