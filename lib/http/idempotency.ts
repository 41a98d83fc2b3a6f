import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";

const TTL_MS = 24 * 60 * 60 * 1000;
const REPLAYED_HEADERS = ["content-type", "location", "x-total-count"];

/**
 * What a retry must repeat: the parsed JSON with its keys sorted at every level, so that the same values with keys in
 * another order or other whitespace are the same request (as Stripe compares parameters, not bytes). Arrays keep
 * their order: it is part of what they say. A body that is not JSON (a CSV report, broken JSON) is compared as sent.
 */
export function canonicalBody(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return text;
  }
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Thrown inside the transaction to roll back the work (and the key's claim) of a non-2xx response. */
class NotKept {
  constructor(readonly response: Response) {}
}

/**
 * Runs a POST once per (client account, key). The key is claimed, the work done and the response stored in ONE
 * transaction: whatever fails (the request, the database, the process) rolls all three back together, so a retry
 * either replays the stored response or runs the request as if for the first time, never twice. A repeat that
 * arrives while the first is still running waits on the key's row (PostgreSQL's unique-index wait) and then
 * replays it. The same key with another body is 409 idempotency_key_reused. Only 2xx responses are kept.
 */
export async function withIdempotency(
  db: Db,
  input: { scope: string; key: string; fingerprint: string },
  run: (tx: Db) => Promise<Response>,
): Promise<Response> {
  const requestHash = createHash("sha256").update(input.fingerprint).digest("hex");
  const at = now();
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.dateAdded, new Date(at.getTime() - TTL_MS)));
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({
          callerScope: input.scope,
          key: input.key,
          requestHash,
          responseStatus: 0,
          responseHeaders: {},
          dateAdded: at,
        })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (!claimed) return replay(tx, input.scope, input.key, requestHash);
      const response = await run(tx);
      if (response.status < 200 || response.status >= 300) throw new NotKept(response);
      const text = await response.clone().text();
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      await tx
        .update(idempotencyKeys)
        .set({
          responseStatus: response.status,
          responseBody: text ? (JSON.parse(text) as unknown) : null,
          responseHeaders: headers,
        })
        .where(eq(idempotencyKeys.id, claimed.id));
      return response;
    });
  } catch (e) {
    if (e instanceof NotKept) return e.response;
    throw e;
  }
}

async function replay(tx: Db, scope: string, key: string, requestHash: string): Promise<Response> {
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.callerScope, scope), eq(idempotencyKeys.key, key)));
  // The insert found the key committed (it waited for an open claim to commit), so the row is there.
  if (!stored) throw new Error("idempotency key vanished between claim and read");
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
