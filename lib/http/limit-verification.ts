import { RateLimitedError } from "@/lib/errors";
import { countVerificationLookup } from "@/lib/verification/count-verification-lookup";
import { clientIp } from "./client-ip";
import { errorPageResponse } from "./error-page";
import { requestIdFrom } from "./request-id";

/**
 * Counts a lookup of the verification page (proxy.ts, before the page renders): null when it may go on, else the
 * answer past the limit, a real 429 with Retry-After and a page saying when to try again. A page cannot set its own
 * status, so the limit is applied here.
 */
export async function limitVerification(req: Request): Promise<Response | null> {
  const { getDb } = await import("@/db");
  try {
    await countVerificationLookup(await getDb(), clientIp(req));
    return null;
  } catch (e) {
    if (e instanceof RateLimitedError) return errorPageResponse(e, req, requestIdFrom(req));
    throw e;
  }
}
