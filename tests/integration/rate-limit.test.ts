import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as formatsRoute from "@/app/api/formats/route";
import * as requestsRoute from "@/app/api/requests/route";
import { createApiKey } from "@/lib/auth/api-keys";
import { call, clientKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { expectProblem } from "../helpers/problem";
import { rowCounts } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const SETTING = "RATE_LIMIT_PER_MINUTE";
let saved: string | undefined;
beforeEach(() => {
  saved = process.env[SETTING];
});
afterEach(() => {
  if (saved === undefined) delete process.env[SETTING];
  else process.env[SETTING] = saved;
  vi.useRealTimers();
});

// The limiter counts per API key in this process; every test uses keys no other test has used.
let accounts = 0;
const freshAccount = () => clientKey(db(), `Rate ${++accounts}`);
const freshKey = async () => (await freshAccount()).key;
const formats = (key: string) => call(formatsRoute.GET, "GET", "/api/formats", { key });

async function useUp(key: string, limit: number) {
  for (let i = 0; i < limit; i++) expect((await formats(key)).status).toBe(200);
}

describe(`${SETTING}`, () => {
  it("answers the call after the limit with 429 rate_limited and Retry-After", async () => {
    process.env[SETTING] = "3";
    const key = await freshKey();
    await useUp(key, 3);
    const res = await formats(key);
    expectProblem(res, 429, "rate_limited");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectProblem(await formats(key), 429, "rate_limited"); // and keeps doing so within the minute
  });

  it("limits each API key on its own: another key, even of the same account, is unaffected", async () => {
    process.env[SETTING] = "2";
    const { key, accountId } = await freshAccount();
    await useUp(key, 2);
    expect((await formats(key)).status).toBe(429);
    expect((await formats(await freshKey())).status).toBe(200);
    const sibling = (await createApiKey(db(), { accountId, name: "second key" })).key;
    expect((await formats(sibling)).status).toBe(200);
  });

  it("refuses a limited POST before doing anything: nothing is created", async () => {
    process.env[SETTING] = "1";
    const key = await freshKey();
    await useUp(key, 1);
    const before = await rowCounts(db());
    expectProblem(await call(requestsRoute.POST, "POST", "/api/requests", { key, body: requestBody() }), 429, "rate_limited");
    expect(await rowCounts(db())).toEqual(before);
  });

  it("starts a new window after a minute; Retry-After counts down to it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    process.env[SETTING] = "2";
    const key = await freshKey();
    await useUp(key, 2);
    vi.setSystemTime(new Date("2030-01-01T00:00:15Z"));
    const limited = await formats(key);
    expectProblem(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toBe("45");
    vi.setSystemTime(new Date("2030-01-01T00:01:00Z"));
    expect((await formats(key)).status).toBe(200);
  });

  it("is off when set to 0, even for a key that was limited", async () => {
    process.env[SETTING] = "1";
    const key = await freshKey();
    await useUp(key, 1);
    expect((await formats(key)).status).toBe(429);
    process.env[SETTING] = "0";
    await useUp(key, 25);
    await useUp(await freshKey(), 25);
  });
});
