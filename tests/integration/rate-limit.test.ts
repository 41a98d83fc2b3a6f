import { sql } from "drizzle-orm";
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
const ACCOUNT_SETTING = "RATE_LIMIT_PER_ACCOUNT_PER_MINUTE";
beforeEach(() => {
  vi.stubEnv(ACCOUNT_SETTING, "");
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

// The limiter counts per API key and account in the database; every test uses accounts no other test has used.
let accounts = 0;
const freshAccount = () => clientKey(db(), `Rate ${++accounts}`);
const freshKey = async () => (await freshAccount()).key;
const formats = (key: string) => call(formatsRoute.GET, "GET", "/api/formats", { key });

async function useUp(key: string, limit: number) {
  for (let i = 0; i < limit; i++) expect((await formats(key)).status).toBe(200);
}

describe(`${SETTING}`, () => {
  it("answers the call after the limit with 429 rate_limited and Retry-After", async () => {
    vi.stubEnv(SETTING, "3");
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
    vi.stubEnv(SETTING, "2");
    const { key, accountId } = await freshAccount();
    await useUp(key, 2);
    expect((await formats(key)).status).toBe(429);
    expect((await formats(await freshKey())).status).toBe(200);
    const sibling = (await createApiKey(db(), { accountId, name: "second key" })).key;
    expect((await formats(sibling)).status).toBe(200);
  });

  it("counts in the database: calls another server process counted limit this one", async () => {
    vi.stubEnv(ACCOUNT_SETTING, "5");
    const { key, accountId } = await freshAccount();
    expect((await formats(key)).status).toBe(200);
    // Another process sharing the database made 4 more calls for the same account within this minute.
    await db().execute(sql`update rate_limit_windows set hits = hits + 4 where scope = ${`account:${accountId}`}`);
    expectProblem(await formats(key), 429, "rate_limited");
  });

  it("limits a client account as a whole: new keys do not buy more calls", async () => {
    vi.stubEnv(SETTING, "100");
    vi.stubEnv(ACCOUNT_SETTING, "4");
    const { key, accountId } = await freshAccount();
    await useUp(key, 2);
    const second = (await createApiKey(db(), { accountId, name: "second key" })).key;
    await useUp(second, 2);
    const third = (await createApiKey(db(), { accountId, name: "third key" })).key;
    expectProblem(await formats(third), 429, "rate_limited");
    expect((await formats(await freshKey())).status).toBe(200); // another account is unaffected
  });

  it("refuses a limited POST before doing anything: nothing is created", async () => {
    vi.stubEnv(SETTING, "1");
    const key = await freshKey();
    await useUp(key, 1);
    const before = await rowCounts(db());
    expectProblem(
      await call(requestsRoute.POST, "POST", "/api/requests", { key, body: requestBody() }),
      429,
      "rate_limited",
    );
    expect(await rowCounts(db())).toEqual(before);
  });

  it("starts a new window after a minute; Retry-After counts down to it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    vi.stubEnv(SETTING, "2");
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
    vi.stubEnv(SETTING, "1");
    const key = await freshKey();
    await useUp(key, 1);
    expect((await formats(key)).status).toBe(429);
    vi.stubEnv(SETTING, "0");
    await useUp(key, 25);
    await useUp(await freshKey(), 25);
  });
});
