import { and, eq, inArray, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Conn } from "@/db/client";
import { env } from "@/env";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { now } from "@/lib/clock";
import { formatDateTime } from "@/lib/formatting";
import { retryDelayMs } from "@/lib/outbox/retry-schedule";
import { claimWebhookDeliveries, type ClaimedDelivery } from "./claim-webhook-deliveries";
import { deliveryFailure, postWebhook } from "./post-webhook";

const BATCH_SIZE = 10;
/** An endpoint whose deliveries all failed for this long is turned off (its owner sees why). */
const DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;

type Endpoint = { id: number; url: string; secret: string };

/**
 * Delivers until nothing is due: what a worker tick does. Each batch goes out at once (at most one event per request
 * and endpoint is in a batch, so the order per request holds); a failure is retried with the outbox's backoff.
 */
export async function drainWebhooks(db: Conn, limit = BATCH_SIZE): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const claimed = await claimWebhookDeliveries(db, limit);
    if (claimed.length === 0) return total;
    const endpoints = await db
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((d) => d.endpointId))]));
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    // An endpoint deleted since the claim took its deliveries with it.
    const live = claimed.flatMap((d) => {
      const endpoint = byId.get(d.endpointId);
      return endpoint ? [{ endpoint, delivery: d }] : [];
    });
    const results = await Promise.all(live.map(({ endpoint, delivery }) => deliverOne(db, endpoint, delivery)));
    for (const ok of results) total[ok ? "sent" : "failed"]++;
  }
}

/** The signed request of one delivery (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). */
function signed(endpoint: Endpoint, delivery: ClaimedDelivery) {
  const body = JSON.stringify(delivery.payload);
  const at = now();
  return {
    body,
    headers: {
      "webhook-id": delivery.messageId,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(endpoint.secret).sign(delivery.messageId, at, body),
    },
  };
}

async function deliverOne(db: Conn, endpoint: Endpoint, delivery: ClaimedDelivery): Promise<boolean> {
  const settings = env();
  let code: number | null = null;
  let error: string;
  try {
    code = await postWebhook(endpoint.url, signed(endpoint, delivery), {
      timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
      allowPrivate: settings.WEBHOOKS_ALLOW_PRIVATE,
      rules: { allowed: settings.WEBHOOK_ALLOWED_ADDRESSES },
    });
    error = `HTTP ${code}: only a 2xx answer counts as received.`;
  } catch (e) {
    // postWebhook throws only DeliveryFailed, whose message is meant for the endpoint's owner.
    error = deliveryFailure(e).message;
  }
  const at = now();
  // Still this sender's claim: same attempt, still pending.
  const ours = and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, "pending"),
    eq(webhookDeliveries.attempts, delivery.attempts),
  );
  if (code !== null && code >= 200 && code < 300) {
    await db
      .update(webhookDeliveries)
      .set({ status: "sent", sentAt: at, lastResponseCode: code, lastError: null })
      .where(ours);
    await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    return true;
  }
  await db
    .update(webhookDeliveries)
    .set({
      lastResponseCode: code,
      lastError: error,
      nextAttemptAt: new Date(at.getTime() + retryDelayMs(delivery.attempts)),
    })
    .where(ours);
  await recordFailure(db, endpoint.id, at, error);
  return false;
}

/** Starts the endpoint's failure streak, and turns the endpoint off once the streak has lasted DISABLE_AFTER_MS. */
async function recordFailure(db: Conn, endpointId: number, at: Date, error: string): Promise<void> {
  const [streak] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  const since = streak?.failingSince;
  if (!since || at.getTime() - since.getTime() < DISABLE_AFTER_MS) return;
  await db
    .update(webhookEndpoints)
    .set({
      enabled: false,
      disabledReason: `Turned off by CoverDesk: every delivery failed from ${formatDateTime(since)} to ${formatDateTime(at)} (last error: ${error}). Fix the endpoint and turn it on again: the events that waited are then sent in order.`,
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)));
}
