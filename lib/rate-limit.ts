import { sql, type Placeholder } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { rateLimitWindows } from "@/db/schema";
import { setting } from "@/env";
import { now } from "@/lib/clock";
import { RateLimitedError } from "@/lib/errors";

type Limit = { scope: string; limit: number };

/**
 * Counts one event in each scope's fixed window (it starts at the scope's first event) and throws 429 when any
 * scope is past its limit. One statement for all scopes, in PostgreSQL: every server process counts into the same
 * rows, so N processes enforce one limit. A limit of 0 turns that scope off.
 */
export async function countAndLimit(db: Conn, limits: Limit[], windowMs: number, what: string): Promise<void> {
  const on = limits.filter((l) => l.limit > 0);
  if (on.length === 0) return;
  const at = now();
  const since = new Date(at.getTime() - windowMs).toISOString();
  const [first, second, ...more] = on;
  if (more.length > 0)
    throw new Error("countAndLimit counts at most two scopes (a statement is built for one and for two)");
  const rows = await (second === undefined
    ? countInOneScope.run(db, { at, since, scope0: first!.scope })
    : countInTwoScopes.run(db, { at, since, scope0: first!.scope, scope1: second.scope }));
  let retryAfterMs = 0;
  for (const row of rows) {
    const limit = on.find((l) => l.scope === row.scope)!.limit;
    if (row.hits > limit) retryAfterMs = Math.max(retryAfterMs, row.windowStart.getTime() + windowMs - at.getTime());
  }
  if (retryAfterMs > 0) throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)), what);
}

const countIn = (db: Conn, scopes: Placeholder[], p: (name: "at" | "since") => Placeholder) => {
  const current = sql`${rateLimitWindows.windowStart} > ${p("since")}::timestamptz`;
  return db
    .insert(rateLimitWindows)
    .values(scopes.map((scope) => ({ scope, windowStart: p("at"), hits: 1 })))
    .onConflictDoUpdate({
      target: rateLimitWindows.scope,
      set: {
        hits: sql`case when ${current} then ${rateLimitWindows.hits} + 1 else 1 end`,
        windowStart: sql`case when ${current} then ${rateLimitWindows.windowStart} else excluded.window_start end`,
      },
    })
    .returning();
};

// Every API call counts: built once per number of scopes (an API key's, and its account's), the scopes, the time
// and the window's start as placeholders.
const countInOneScope = statement(["at", "since", "scope0"], (db, p) => countIn(db, [p("scope0")], p));
const countInTwoScopes = statement(["at", "since", "scope0", "scope1"], (db, p) =>
  countIn(db, [p("scope0"), p("scope1")], p),
);

/** The API's limits: per API key (or portal user) and per client account, each per minute. */
export function checkApiRateLimit(db: Conn, caller: { scope: string; accountId: number | null }): Promise<void> {
  const limits: Limit[] = [{ scope: caller.scope, limit: setting("RATE_LIMIT_PER_MINUTE") }];
  if (caller.accountId !== null)
    limits.push({ scope: `account:${caller.accountId}`, limit: setting("RATE_LIMIT_PER_ACCOUNT_PER_MINUTE") });
  return countAndLimit(db, limits, 60_000, "requests");
}
