import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import * as health from "@/app/api/health/route";
import { createDb, type DbHandle } from "@/db/client";
import { call } from "../helpers/api";

// A PostgreSQL server that is not there: nothing listens on port 1, so every query is refused.
let down: DbHandle;
const g = globalThis as unknown as { __coverdeskDb?: Promise<DbHandle> };
beforeAll(async () => {
  down = await createDb({ driver: "pg", url: "postgres://postgres@127.0.0.1:1/coverdesk" });
  g.__coverdeskDb = Promise.resolve(down);
});
afterAll(async () => {
  g.__coverdeskDb = undefined;
  await down.close();
});

describe("when the database does not answer", () => {
  it("GET /api/health answers 503", async () => {
    const res = await call(health.GET, "GET", "/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "unavailable" });
  });

  it("the API answers 503 service_unavailable problem+json, not a 500", async () => {
    const res = await call(requestsRoute.GET, "GET", "/api/requests", { key: "cd_any-key-at-all" });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ code: "service_unavailable", status: 503 });
  });
});
