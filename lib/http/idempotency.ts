import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { DomainError } from "@/lib/errors";

const TTL_MS = 24 * 60 * 60 * 1000;
const REPLAYED_HEADERS = ["content-type", "location", "x-total-count"];

/**
 * Runs a POST once per (caller, key): a repeat with the same body replays the stored response,
 * the same key with another body is refused with 409 idempotency_key_reused.
 */
export async function withIdempotency(
  db: Db,
  input: { callerScope: string; key: string; fingerprint: string },
  run: () => Promise<Response>,
): Promise<Response> {
  const requestHash = createHash("sha256").update(input.fingerprint).digest("hex");
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.dateAdded, new Date(Date.now() - TTL_MS)));
  const where = and(eq(idempotencyKeys.callerScope, input.callerScope), eq(idempotencyKeys.key, input.key));
  const [stored] = await db.select().from(idempotencyKeys).where(where);
  if (stored) {
    if (stored.requestHash !== requestHash) {
      throw new DomainError(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with a different request; use a new key for a new request.",
      );
    }
    const body = stored.responseBody === null ? null : JSON.stringify(stored.responseBody);
    return new Response(body, {
      status: stored.responseStatus,
      headers: { ...stored.responseHeaders, "Idempotent-Replayed": "true" },
    });
  }
  const response = await run();
  if (response.status >= 200 && response.status < 300) {
    const text = await response.clone().text();
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    await db
      .insert(idempotencyKeys)
      .values({
        callerScope: input.callerScope,
        key: input.key,
        requestHash,
        responseStatus: response.status,
        responseBody: text ? (JSON.parse(text) as unknown) : null,
        responseHeaders: headers,
      })
      .onConflictDoNothing();
  }
  return response;
}
