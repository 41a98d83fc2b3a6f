import { afterEach, describe, expect, it, vi } from "vitest";
import { env, EnvError, parseEnv, setting } from "@/env";

afterEach(() => vi.unstubAllEnvs());

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (e) {
    if (e instanceof EnvError) return e.problems;
    throw e;
  }
  throw new Error("expected an EnvError");
}

describe("settings from the environment", () => {
  it("gives README's defaults when nothing is set, and treats blank values as unset", () => {
    const defaults = {
      PORT: 3000,
      PGLITE_DIR: ".data/pglite",
      SERVICE_TIME_ZONE: "America/Chicago",
      SMTP_FROM: "CoverDesk <no-reply@coverdesk.invalid>",
      OUTBOX_POLL_MS: 5000,
      RATE_LIMIT_PER_MINUTE: 1200,
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      PUBLIC_BASE_URL: undefined,
      OUTBOX_WORKER: undefined,
      DIGEST_HOUR: 7,
      WEBHOOK_ALLOWED_ADDRESSES: [],
      TRUSTED_PROXIES: [],
    };
    expect(parseEnv({})).toMatchObject(defaults);
    expect(parseEnv({ PORT: "", SMTP_URL: " ", RATE_LIMIT_PER_MINUTE: "", SERVICE_TIME_ZONE: "" })).toMatchObject(
      defaults,
    );
  });

  it("parses good values", () => {
    expect(
      parseEnv({
        PORT: "8080",
        DATABASE_URL: "postgresql://app:pw@db.example.com:5432/coverdesk",
        SERVICE_TIME_ZONE: "Europe/Berlin",
        SMTP_URL: "smtps://user:pw@mail.example.com:465",
        OUTBOX_WORKER: "off",
        OUTBOX_POLL_MS: "250",
        RATE_LIMIT_PER_MINUTE: "0",
        PUBLIC_BASE_URL: "https://desk.example.com/",
        WEBHOOK_ALLOWED_ADDRESSES: "10.0.5.20, fd00:5::/64",
        TRUSTED_PROXIES: "10.0.0.0/8,::1",
      }),
    ).toMatchObject({
      PORT: 8080,
      SERVICE_TIME_ZONE: "Europe/Berlin",
      OUTBOX_WORKER: "off",
      OUTBOX_POLL_MS: 250,
      RATE_LIMIT_PER_MINUTE: 0,
      WEBHOOK_ALLOWED_ADDRESSES: ["10.0.5.20", "fd00:5::/64"],
      TRUSTED_PROXIES: ["10.0.0.0/8", "::1"],
    });
  });

  it.each([
    [
      "RATE_LIMIT_PER_MINUTE",
      "abc",
      'RATE_LIMIT_PER_MINUTE: expected a whole number of requests, 0 or more (0 turns the limit off) (got "abc")',
    ],
    [
      "RATE_LIMIT_PER_MINUTE",
      "-5",
      'RATE_LIMIT_PER_MINUTE: expected a whole number of requests, 0 or more (0 turns the limit off) (got "-5")',
    ],
    [
      "SERVICE_TIME_ZONE",
      "Mars/Base",
      'SERVICE_TIME_ZONE: expected an IANA time zone such as America/Chicago (got "Mars/Base")',
    ],
    ["PORT", "-1", 'PORT: expected a port number from 1 to 65535 (got "-1")'],
    ["PORT", "70000", 'PORT: expected a port number from 1 to 65535 (got "70000")'],
    [
      "DATABASE_URL",
      "mysql://root@localhost/coverdesk",
      "DATABASE_URL: expected a postgres:// or postgresql:// URL of a PostgreSQL server",
    ],
    ["DATABASE_URL", "not a url", "DATABASE_URL: expected a postgres:// or postgresql:// URL of a PostgreSQL server"],
    ["SMTP_URL", "http://mail.example.com", "SMTP_URL: expected an smtp:// or smtps:// URL"],
    ["OUTBOX_WORKER", "false", 'OUTBOX_WORKER: expected on or off (got "false")'],
    ["OUTBOX_POLL_MS", "50", 'OUTBOX_POLL_MS: expected a whole number of milliseconds, at least 100 (got "50")'],
    [
      "PUBLIC_BASE_URL",
      "desk.example.com",
      'PUBLIC_BASE_URL: expected an http:// or https:// URL (got "desk.example.com")',
    ],
    ["BENCH_REQUESTS", "0", 'BENCH_REQUESTS: expected a whole number of requests, at least 1 (got "0")'],
    ["BENCH_CATALOG_SONGS", "0", 'BENCH_CATALOG_SONGS: expected a whole number of songs, at least 1 (got "0")'],
    [
      "WEBHOOK_ALLOWED_ADDRESSES",
      "10.0.0.0/33",
      'WEBHOOK_ALLOWED_ADDRESSES: expected the addresses webhooks may reach: IP addresses or CIDR blocks separated by commas, such as 10.0.0.5,fd00::/8 (got "10.0.0.0/33")',
    ],
    [
      "TRUSTED_PROXIES",
      "proxy.internal",
      'TRUSTED_PROXIES: expected the proxies whose X-Forwarded-For is believed: IP addresses or CIDR blocks separated by commas, such as 10.0.0.5,fd00::/8 (got "proxy.internal")',
    ],
    ["DIGEST_HOUR", "24", 'DIGEST_HOUR: expected an hour of the day from 0 to 23 (got "24")'],
  ])("refuses %s=%s, naming the variable and what it expects", (name, value, problem) => {
    expect(problemsOf({ [name]: value })).toEqual([problem]);
  });

  it("lists every bad variable at once, and never echoes a secret's value", () => {
    const problems = problemsOf({ PORT: "x", DATABASE_URL: "mysql://root:hunter2@db/x" });
    expect(problems.map((p) => p.split(":")[0])).toEqual(["PORT", "DATABASE_URL"]);
    expect(problems.join("\n")).not.toContain("hunter2");
  });

  it("env() follows changes to the process environment (tests stub settings at runtime)", () => {
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "7");
    expect(env().RATE_LIMIT_PER_MINUTE).toBe(7);
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "abc");
    expect(() => env()).toThrow(/RATE_LIMIT_PER_MINUTE/);
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "");
    expect(env().RATE_LIMIT_PER_MINUTE).toBe(1200);
  });

  it("setting() follows changes to its own variable, and refuses a bad value as env() does", () => {
    vi.stubEnv("SERVICE_TIME_ZONE", "Europe/Paris");
    expect(setting("SERVICE_TIME_ZONE")).toBe("Europe/Paris");
    vi.stubEnv("SERVICE_TIME_ZONE", "");
    expect(setting("SERVICE_TIME_ZONE")).toBe("America/Chicago");
    vi.stubEnv("SERVICE_TIME_ZONE", "Mars/Olympus");
    expect(() => setting("SERVICE_TIME_ZONE")).toThrow(/SERVICE_TIME_ZONE: expected an IANA time zone/);
    vi.stubEnv("SERVICE_TIME_ZONE", "Asia/Tokyo");
    expect(setting("SERVICE_TIME_ZONE")).toBe("Asia/Tokyo");
  });
});
