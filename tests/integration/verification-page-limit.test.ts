import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { socketAddressHeader, stampSocketAddresses } from "@/lib/http/socket-address";
import { proxy } from "@/proxy";
import { setupTestDb } from "../helpers/test-db";

setupTestDb();
beforeAll(() => stampSocketAddresses());
afterEach(() => vi.unstubAllEnvs());
let forged = 0;
/** A page request from a socket at `ip`, as the server stamps it (a forged X-Forwarded-For changes nothing). */
const visit = (ip: string, path = `/verify/${"A".repeat(22)}`) =>
  proxy(
    new NextRequest(`http://localhost${path}`, {
      headers: {
        [socketAddressHeader()!]: ip,
        "x-forwarded-for": `198.51.100.${++forged % 250}`,
        accept: "text/html",
      },
    }),
  );

describe("the public verification page past its limit", () => {
  it("is a real 429 with Retry-After and a page that says when to try again; other addresses go on", async () => {
    vi.stubEnv("VERIFY_LOOKUPS_PER_MINUTE", "2");
    for (let i = 0; i < 2; i++) expect((await visit("203.0.113.77")).status).toBe(200);
    const limited = await visit("203.0.113.77");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("content-type")).toMatch(/^text\/html/);
    expect(limited.headers.get("cache-control")).toBe("no-store");
    expect(limited.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await limited.text()).toMatch(/Too many license lookups; retry after \d+ s\./);
    expect((await visit("203.0.113.78")).status).toBe(200);
  });

  it("counts nothing on other pages", async () => {
    vi.stubEnv("VERIFY_LOOKUPS_PER_MINUTE", "1");
    for (let i = 0; i < 3; i++) expect((await visit("203.0.113.79", "/login")).status).toBe(200);
    expect((await visit("203.0.113.79")).status).toBe(200);
  });
});
