import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerMethodNotAllowed } from "@/lib/http/refuse-methods";
import { API_CONTENT_SECURITY_POLICY } from "@/lib/http/security-headers";
import { expectProblem } from "../helpers/problem";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
// Every route module of the API, by its file: what Next routes to, and the methods it exports.
const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");
const PASSED = 299; // what the stand-in for Next answers a request the hook lets through

/** A path the route's file answers: each parameter filled in, a catch-all with one segment. */
const pathOf = (file: string) =>
  file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[\.\.\.\w+\]/, "session")
    .replace(/\[(\w+)\]/g, (_, name: string) => (name === "month" ? "2026-11" : name === "year" ? "2026" : "7"));

const routes: { file: string; path: string; exported: string[] }[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  for (const [file, load] of Object.entries(ROUTE_MODULES)) {
    if (file.includes("[[...path]]")) continue; // the catch-all: every method, 404 for a path no route has
    const mod = await load();
    routes.push({ file, path: pathOf(file), exported: METHODS.filter((m) => typeof mod[m] === "function") });
  }
  // A Node server with the hook the app's servers run (instrumentation.ts), Next stood in for by a fixed answer.
  server = createServer((req, res) => {
    if (!answerMethodNotAllowed(req, res, [API_CONTENT_SECURITY_POLICY])) res.writeHead(PASSED).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function send(method: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { method, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** What Allow lists for a route's exports: HEAD with GET, OPTIONS always (Next answers both itself). */
const allowFor = (exported: string[]) =>
  [...exported.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])), "OPTIONS"].join(", ");

describe("a method an API route does not take", () => {
  it("is found on every route file of app/api", () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) expect(r.exported, r.file).not.toHaveLength(0);
  });

  it("is 405 method_not_allowed as problem+json, with Allow listing the route's methods, on every route", async () => {
    const cases = routes.flatMap((r) => METHODS.filter((m) => !r.exported.includes(m)).map((m) => ({ ...r, m })));
    expect(cases.length).toBeGreaterThan(150);
    for (const { file, path, exported, m } of cases) {
      const res = await send(m, path, { authorization: "Bearer cd_not_a_key" });
      expect(res.status, `${m} ${file}`).toBe(405);
      const problem = expectProblem(res, 405, "method_not_allowed");
      expect(res.headers.get("allow"), `${m} ${file}`).toBe(allowFor(exported));
      expect(problem.detail).toContain(`does not take ${m}`);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY.value);
    }
  });

  it("goes on to the route for each method it takes, HEAD where it takes GET, and OPTIONS", async () => {
    for (const { file, path, exported } of routes) {
      for (const m of [...exported, "OPTIONS", ...(exported.includes("GET") ? ["HEAD"] : [])])
        expect((await send(m, path)).status, `${m} ${file}`).toBe(PASSED);
    }
  });

  it.each([
    ["a literal segment before a parameter", "PATCH", "/api/requests/status", "POST, OPTIONS"],
    ["the parameter's route otherwise", "POST", "/api/requests/9", "GET, HEAD, OPTIONS"],
    ["a trailing slash", "DELETE", "/api/requests/", "GET, HEAD, POST, OPTIONS"],
    ["a query string", "PUT", "/api/requests?limit=5", "GET, HEAD, POST, OPTIONS"],
  ])("matches as Next routes: %s", async (_label, method, path, allow) => {
    const res = await send(method, path);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
  });

  it("echoes the caller's X-Request-Id", async () => {
    const res = await send("DELETE", "/api/formats", { "x-request-id": "integrator-42" });
    expect(res.headers.get("x-request-id")).toBe("integrator-42");
  });

  it("leaves a path no route has to the catch-all's 404, and pages to Next", async () => {
    for (const path of ["/api/nothing/here", "/api/requests/9/history", "/api", "/requests/9", "/login"])
      expect((await send("PUT", path)).status, path).toBe(PASSED);
  });
});
