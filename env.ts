import { z } from "zod";

// The one reader of process.env (lint keeps it so): every setting of README's Configuration table, parsed
// once per set of values. Blank counts as unset, like the empty lines of .env.example. Auth.js reads
// AUTH_SECRET itself; it is listed here so that the server refuses to start in production without it.

const wholeNumber = (expected: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .refine((v) => /^\d{1,15}$/.test(v) && Number(v) >= min && Number(v) <= max, { error: expected })
    .transform(Number);

const urlWith = (expected: string, protocols: string[]) =>
  z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), { error: expected });

// Client components import this module too, so the address check uses no Node module: a strict dotted quad, or
// what the URL parser takes as an IPv6 host.
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const ipFamily = (s: string) => (IPV4.test(s) ? 4 : s.includes(":") && URL.canParse(`http://[${s}]/`) ? 6 : 0);

/** Whether `entry` is an address or a CIDR block (`10.0.0.0/8`, `fd00::/8`). */
function isAddressEntry(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || address === undefined) return false;
  const family = ipFamily(address);
  if (family === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

// A comma-separated list of IP addresses and CIDR blocks, as an array.
const addressList = (what: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isAddressEntry), {
      error: `expected ${what}: IP addresses or CIDR blocks separated by commas, such as 10.0.0.5,fd00::/8`,
    });

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const schema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: wholeNumber("expected a port number from 1 to 65535", 1, 65_535).default(3000),
  DATABASE_URL: urlWith("expected a postgres:// or postgresql:// URL of a PostgreSQL server", [
    "postgres:",
    "postgresql:",
  ]).optional(),
  PGLITE_DIR: z.string().default(".data/pglite"),
  // The demo publishes its password in the README: it listens on this machine alone unless told otherwise.
  DEMO_HOST: z.string().default("127.0.0.1"),
  AUTH_SECRET: z.string().optional(),
  SERVICE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { error: "expected an IANA time zone such as America/Chicago" })
    .default("America/Chicago"),
  SMTP_URL: urlWith("expected an smtp:// or smtps:// URL", ["smtp:", "smtps:"]).optional(),
  STAFF_NOTIFY_EMAIL: z.string().optional(),
  SMTP_FROM: z.string().default("CoverDesk <no-reply@coverdesk.invalid>"),
  OUTBOX_WORKER: z.enum(["on", "off"], { error: "expected on or off" }).optional(),
  OUTBOX_POLL_MS: wholeNumber("expected a whole number of milliseconds, at least 100", 100).default(5_000),
  DIGEST_HOUR: wholeNumber("expected an hour of the day from 0 to 23", 0, 23).default(7),
  RATE_LIMIT_PER_MINUTE: wholeNumber(
    "expected a whole number of requests, 0 or more (0 turns the limit off)",
    0,
  ).default(1200),
  RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: wholeNumber(
    "expected a whole number of requests, 0 or more (0 turns the limit off)",
    0,
  ).default(3000),
  /** Public license lookups (/verify/{code}) per minute per IP address. */
  VERIFY_LOOKUPS_PER_MINUTE: wholeNumber(
    "expected a whole number of lookups, 0 or more (0 turns the limit off)",
    0,
  ).default(30),
  WALL_POSTS_PER_HOUR: wholeNumber("expected a whole number of posts, 0 or more (0 turns the limit off)", 0).default(
    600,
  ),
  /** How long the staff's mail about a wall post waits for more posts on the same album, sent as one (0: at once). */
  WALL_MAIL_COALESCE_MINUTES: wholeNumber("expected a whole number of minutes from 0 to 60", 0, 60).default(5),
  /** Development only: let webhook endpoints be http:// and on private, loopback or link-local addresses (SSRF guard off). */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(["0", "1"], { error: "expected 0 or 1" })
    .default("0")
    .transform((v) => v === "1"),
  /**
   * Addresses webhooks may reach although the SSRF guard refuses them (a receiver on the operator's own network, a
   * test's receiver on 127.0.0.1); an http:// URL is accepted for them in production too.
   */
  WEBHOOK_ALLOWED_ADDRESSES: addressList("the addresses webhooks may reach").default([]),
  /**
   * The reverse proxies in front of the server: only a request from one of them has its X-Forwarded-For read, back to
   * the first address that is not a trusted proxy. Empty: the socket's address is the client's.
   */
  TRUSTED_PROXIES: addressList("the proxies whose X-Forwarded-For is believed").default([]),
  /** How long one webhook delivery attempt may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: wholeNumber("expected a whole number of milliseconds, at least 100", 100).default(10_000),
  /** Webhook deliveries one job process has under way at once, and of those at most how many for one client account. */
  WEBHOOK_CONCURRENCY: wholeNumber("expected a whole number of deliveries, at least 1", 1).default(10),
  WEBHOOK_CONCURRENCY_PER_ACCOUNT: wholeNumber("expected a whole number of deliveries, at least 1", 1).default(2),
  /** Webhook deliveries a client account may send again (resend) per hour. */
  WEBHOOK_RESENDS_PER_HOUR: wholeNumber(
    "expected a whole number of resends, 0 or more (0 turns the limit off)",
    0,
  ).default(60),
  /** Stripe Checkout (card payments): both keys, or the action is not offered and the webhook answers 404. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API host (a local stand-in, in tests); unset: Stripe's own. */
  STRIPE_API_BASE: urlWith("expected an http:// or https:// URL", ["http:", "https:"]).optional(),
  /** Bank transfer and check instructions on Billing and every invoice: who to pay, the bank, where checks go. */
  PAYMENT_PAYEE: z.string().default("CoverDesk Licensing LLC"),
  PAYMENT_BANK_DETAILS: z.string().optional(),
  PAYMENT_POSTAL_ADDRESS: z.string().optional(),
  /** Days from an invoice's issue to its due date. */
  PAYMENT_TERMS_DAYS: wholeNumber("expected a whole number of days from 0 to 365", 0, 365).default(14),
  PUBLIC_BASE_URL: urlWith("expected an http:// or https:// URL", ["http:", "https:"]).optional(),
  /** Requests filed by `npm run bench`. */
  BENCH_REQUESTS: wholeNumber("expected a whole number of requests, at least 1", 1).default(300),
  /** Catalog songs `npm run bench` matches against. */
  BENCH_CATALOG_SONGS: wholeNumber("expected a whole number of songs, at least 1", 1).default(100_000),
  /** Requests `npm run bench:scale` fills for its large run (the small one has 1,000). */
  BENCH_SCALE_REQUESTS: wholeNumber("expected a whole number of requests, at least 1,000", 1_000).default(1_000_000),
  /** Requests `npm run bench:pages` fills before loading the pages. */
  BENCH_PAGES_REQUESTS: wholeNumber("expected a whole number of requests, at least 1,000", 1_000).default(1_000_000),
  /** Rows `npm run bench:import` imports. */
  BENCH_IMPORT_ROWS: wholeNumber("expected a whole number of rows, at least 1", 1).default(10_000),
});

export type Env = z.output<typeof schema>;
type Name = keyof Env;
const NAMES = Object.keys(schema.shape) as Name[];
const SECRETS: ReadonlySet<Name> = new Set([
  "DATABASE_URL",
  "AUTH_SECRET",
  "SMTP_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]);

/** A setting with a bad value: the message names each variable and what it expects. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (see README, Configuration):\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses settings from raw values (blank = unset); throws EnvError listing every bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const raw = Object.fromEntries(NAMES.map((name) => [name, source[name]?.trim() || undefined]));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new EnvError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]) as Name;
      const shown = SECRETS.has(name) ? "" : ` (got "${raw[name]}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}

// Re-parsed only when a value changes (tests change settings at runtime with vi.stubEnv).
let cache: { key: string; env: Env } | undefined;

/** The process's settings, parsed; throws EnvError on a bad value. */
export function env(): Env {
  const key = JSON.stringify(NAMES.map((name) => process.env[name]));
  if (cache?.key !== key) cache = { key, env: parseEnv(process.env) };
  return cache.env;
}

// Read by every API call (the time zone, the rate limits): env() reads all thirty variables to see whether any changed.
const single = new Map<Name, { raw: string | undefined; value: unknown }>();

/** One setting, parsed again only when its own variable changes (env() checks them all). */
export function setting<N extends Name>(name: N): Env[N] {
  const raw = process.env[name];
  const cached = single.get(name);
  if (cached && cached.raw === raw) return cached.value as Env[N];
  const value = env()[name];
  single.set(name, { raw, value });
  return value;
}

/**
 * The check the server runs before anything else (instrumentation.ts): every setting parses, and a production
 * server has the secret that signs sessions.
 */
export function checkServerEnv(): Env {
  const settings = env();
  if (settings.NODE_ENV === "production" && !settings.AUTH_SECRET) {
    throw new EnvError(["AUTH_SECRET: expected a secret that signs portal sessions (openssl rand -base64 32)"]);
  }
  return settings;
}

/** This process's environment plus `extra`, for a child process (scripts/demo.mts starts the server). */
export function environmentWith(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
