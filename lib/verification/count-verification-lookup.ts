import type { Conn } from "@/db/client";
import { env } from "@/env";
import { countAndLimit } from "@/lib/rate-limit";

/**
 * Counts one public license lookup from the caller's IP address and throws RateLimitedError past
 * VERIFY_LOOKUPS_PER_MINUTE, whatever the code asked for. proxy.ts counts it before the page renders, so that a
 * limited lookup is answered 429 (a page cannot choose its status).
 */
export async function countVerificationLookup(db: Conn, callerIp: string | null): Promise<void> {
  await countAndLimit(
    db,
    [{ scope: `verify:${callerIp ?? "unknown"}`, limit: env().VERIFY_LOOKUPS_PER_MINUTE }],
    60_000,
    "license lookups",
  );
}
