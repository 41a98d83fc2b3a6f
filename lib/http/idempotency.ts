import { createHash } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { DomainError } from "@/lib/errors";

const TTL_MS = 24 * 60 * 60 * 1000;
const REPLAYED_HEADERS = ["content-type", "location", "x-total-count"];
/** responseStatus of a key whose first request is still running. */
const IN_PROGRESS = 0;
/** How long a repeat waits for the first request to finish before giving up. */
const WAIT_MS = 10_000;
const POLL_MS = 25;
/** A key still "in progress" after this long belongs to a request that died with its process: free it. */
const ABANDONED_MS = 5 * 60 * 1000;

/**
 * Runs a POST once per (caller, key): a repeat with the same body replays the stored response,
 * the same key with another body is refused with 409 idempotency_key_reused. The key is claimed before the
 * request runs, so a repeat arriving while the first is still running waits for its response instead of
 * running again. Only 2xx responses are kept; after anything else the key is free for a corrected request.
 */
export async function withIdempotency(
  db: Db,
  input: { callerScope: string; key: string; fingerprint: string },
  run: () => Promise<Response>,
): Promise<Response> {
  const requestHash = createHash("sha256").update(input.fingerprint).digest("hex");
  const now = Date.now();
  await db
    .delete(idempotencyKeys)
    .where(
      or(
        lt(idempotencyKeys.dateAdded, new Date(now - TTL_MS)),
        and(eq(idempotencyKeys.responseStatus, IN_PROGRESS), lt(idempotencyKeys.dateAdded, new Date(now - ABANDONED_MS))),
      ),
    );
  const where = and(eq(idempotencyKeys.callerScope, input.callerScope), eq(idempotencyKeys.key, input.key));
  for (const deadline = now + WAIT_MS; ; await sleep(POLL_MS)) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ callerScope: input.callerScope, key: input.key, requestHash, responseStatus: IN_PROGRESS, responseHeaders: {} })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed) return runAndKeep(db, claimed.id, run);
    const [stored] = await db.select().from(idempotencyKeys).where(where);
    if (!stored) continue; // the first request failed and let go of the key: claim it
    if (stored.requestHash !== requestHash) {
      throw new DomainError(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with a different request; use a new key for a new request.",
      );
    }
    if (stored.responseStatus !== IN_PROGRESS) {
      const body = stored.responseBody === null ? null : JSON.stringify(stored.responseBody);
      return new Response(body, {
        status: stored.responseStatus,
        headers: { ...stored.responseHeaders, "Idempotent-Replayed": "true" },
      });
    }
    if (Date.now() > deadline) {
      throw new DomainError(
        "idempotency_key_reused",
        "A request with this Idempotency-Key is still being processed; retry it in a moment to get its response.",
      );
    }
  }
}

async function runAndKeep(db: Db, claimId: number, run: () => Promise<Response>): Promise<Response> {
  const release = () => db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimId));
  let response: Response;
  try {
    response = await run();
  } catch (err) {
    await release();
    throw err;
  }
  if (response.status < 200 || response.status >= 300) {
    await release();
    return response;
  }
  const text = await response.clone().text();
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseBody: text ? (JSON.parse(text) as unknown) : null, responseHeaders: headers })
    .where(eq(idempotencyKeys.id, claimId));
  return response;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
