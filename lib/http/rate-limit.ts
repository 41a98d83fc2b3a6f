import { env } from "@/env";
import { RateLimitedError } from "./problem";

const WINDOW_MS = 60_000;
const g = globalThis as unknown as { __coverdeskRate?: Map<string, { windowStart: number; count: number }> };

/** Fixed one-minute window per API key, per process. RATE_LIMIT_PER_MINUTE=0 turns it off. */
export function checkRateLimit(callerKey: string, now = Date.now(), limit = env().RATE_LIMIT_PER_MINUTE): void {
  if (limit <= 0) return;
  const windows = (g.__coverdeskRate ??= new Map());
  const current = windows.get(callerKey);
  if (!current || now - current.windowStart >= WINDOW_MS) {
    windows.set(callerKey, { windowStart: now, count: 1 });
    return;
  }
  current.count += 1;
  if (current.count > limit) throw new RateLimitedError(Math.ceil((current.windowStart + WINDOW_MS - now) / 1000));
}
