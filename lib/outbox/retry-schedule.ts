/** Attempts before a message is given up as failed (a person can retry it from the Outbox page). */
export const MAX_ATTEMPTS = 8;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;

/** Exponential backoff after the given (1-based) failed attempt: 30 s, 1 min, 2 min, … capped at 1 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS);
}
