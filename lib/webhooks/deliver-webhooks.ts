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

type Endpoint = {
  id: number;
  accountId: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
};
type Claimed = { endpoint: Endpoint; delivery: ClaimedDelivery };

/** Claims (claimWebhookDeliveries) and pairs each delivery with its endpoint. */
async function claimWithEndpoints(db: Conn, limit: number, fairness: Parameters<typeof claimWebhookDeliveries>[2]) {
  const claimed = await claimWebhookDeliveries(db, limit, fairness);
  if (claimed.length === 0) return [];
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      accountId: webhookEndpoints.accountId,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((d) => d.endpointId))]));
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  // An endpoint deleted since the claim took its deliveries with it.
  return claimed.flatMap((d): Claimed[] => {
    const endpoint = byId.get(d.endpointId);
    return endpoint ? [{ endpoint, delivery: d }] : [];
  });
}

/**
 * Delivers until nothing is due, a batch at a time (at most one event per request and endpoint is in a batch, so the
 * order per request holds; at most WEBHOOK_CONCURRENCY_PER_ACCOUNT of one account's); a failure is retried with the
 * outbox's backoff. The job loop uses webhookDispatcher instead, which does not wait for a batch's slowest endpoint.
 */
export async function drainWebhooks(db: Conn, limit = BATCH_SIZE): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const live = await claimWithEndpoints(db, limit, { perAccount: env().WEBHOOK_CONCURRENCY_PER_ACCOUNT });
    if (live.length === 0) return total;
    const results = await Promise.all(live.map(({ endpoint, delivery }) => deliverOne(db, endpoint, delivery)));
    for (const ok of results) total[ok ? "sent" : "failed"]++;
  }
}

export type WebhookDispatcher = {
  /** Claims what fits in the free slots and starts sending it; answers how many it started. */
  dispatch(db: Conn): Promise<number>;
  /** Starts nothing more and resolves once every delivery under way has ended. */
  settle(): Promise<void>;
};

/**
 * The job loop's webhook sender: up to WEBHOOK_CONCURRENCY deliveries under way at once in this process, at most
 * WEBHOOK_CONCURRENCY_PER_ACCOUNT of them for one account, each bounded by WEBHOOK_TIMEOUT_MS. A slot is refilled as
 * soon as its delivery ends (while the last claim found work: an account's backlog goes out at its cap's pace, not a
 * claim per tick), so an account whose endpoints never answer holds only its own slots, and every other account's
 * events keep going out.
 */
export function webhookDispatcher(log: Pick<Console, "error"> = console): WebhookDispatcher {
  const inFlight = new Map<number, number>();
  const running = new Set<Promise<void>>();
  let claiming: Promise<number> | null = null;
  let again = false;
  let moreDue = false;
  let settling = false;

  const start = (db: Conn, { endpoint, delivery }: Claimed) => {
    const account = endpoint.accountId;
    inFlight.set(account, (inFlight.get(account) ?? 0) + 1);
    const sending: Promise<void> = deliverOne(db, endpoint, delivery)
      .then(
        () => {},
        (e: unknown) => log.error("A webhook delivery failed to record; its lease makes it due again.", e),
      )
      .finally(() => {
        const left = (inFlight.get(account) ?? 1) - 1;
        if (left > 0) inFlight.set(account, left);
        else inFlight.delete(account);
        running.delete(sending);
        if (moreDue && !settling)
          dispatch(db).catch((e: unknown) => log.error("Claiming webhook deliveries failed.", e));
      });
    running.add(sending);
  };

  const claimAndStart = async (db: Conn): Promise<number> => {
    const { WEBHOOK_CONCURRENCY: slots, WEBHOOK_CONCURRENCY_PER_ACCOUNT: perAccount } = env();
    const free = slots - running.size;
    if (free <= 0 || settling) return 0;
    const claimed = await claimWithEndpoints(db, free, { perAccount, inFlight });
    moreDue = claimed.length > 0;
    for (const c of claimed) start(db, c);
    return claimed.length;
  };

  const dispatch = (db: Conn): Promise<number> => {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      let started = 0;
      try {
        do {
          again = false;
          started += await claimAndStart(db);
        } while (again);
      } finally {
        claiming = null;
      }
      return started;
    })();
    return claiming;
  };

  return {
    dispatch,
    async settle() {
      settling = true;
      await claiming?.catch(() => {});
      while (running.size > 0) await Promise.all(running);
    },
  };
}

/**
 * The signed request of one delivery (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). For 24
 * hours after a rotation the old secret signs too: two space-separated signatures, either of which verifies.
 */
function signed(endpoint: Endpoint, delivery: ClaimedDelivery) {
  const body = JSON.stringify(delivery.payload);
  const at = now();
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at)
    secrets.push(endpoint.previousSecret);
  return {
    body,
    headers: {
      "webhook-id": delivery.messageId,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": secrets.map((s) => new Webhook(s).sign(delivery.messageId, at, body)).join(" "),
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
