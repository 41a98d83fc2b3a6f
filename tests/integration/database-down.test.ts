import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import * as health from "@/app/api/health/route";
import { createDb, type DbHandle } from "@/db/client";
import { problemResponse } from "@/lib/http/problem";
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

describe("connection-class errors from PostgreSQL or the network", () => {
  // As drizzle throws them: the driver's error (with its SQLSTATE or errno) as the cause of a query error.
  const wrapped = (code: string) =>
    Object.assign(new Error("Failed query: select 1"), { cause: Object.assign(new Error("db"), { code }) });
  it.each(["57P03", "57P01", "57P02", "08006", "08001", "08003", "53300", "ECONNREFUSED", "ECONNRESET"])(
    "%s answers 503 service_unavailable with Retry-After, not 500",
    (code) => {
      const res = problemResponse(wrapped(code), "req-1");
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    },
  );

  it("a query error of another class stays a 500 (a bug is not an outage)", () => {
    expect(problemResponse(wrapped("23505"), "req-2").status).toBe(500);
  });
});
