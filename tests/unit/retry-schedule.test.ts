import { describe, expect, it } from "vitest";
import { retryDelayMs } from "@/lib/outbox/retry-schedule";

describe("outbox retry schedule", () => {
  it("doubles the wait after each failed attempt, starting at 30 seconds", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it("never waits more than an hour", () => {
    expect(retryDelayMs(8)).toBe(60 * 60_000);
    expect(retryDelayMs(50)).toBe(60 * 60_000);
  });
});
