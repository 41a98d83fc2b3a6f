// The HTTP side of `npm run bench:pages`: signing in through Auth.js, timing a page, weighing its JavaScript.
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";

/** Signs in the real way (Auth.js's credentials callback, as the sign-in form does) and returns the Cookie header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieOf(csrf.headers) },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/dashboard` }),
  });
  const cookie = cookieOf(res.headers);
  if (!cookie.includes("session-token="))
    throw new Error(`signing in ${email} failed: ${res.status} ${res.headers.get("location")}`);
  return cookie;
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

/** One GET of a page as a browser would make it (redirects not followed): status, redirect, HTML, and its timing. */
export async function getPage(base: string, path: string, cookie: string | null) {
  const start = performance.now();
  const res = await fetch(base + path, {
    redirect: "manual",
    headers: { ...(cookie ? { cookie } : {}), accept: "text/html" },
  });
  const ttfb = performance.now() - start;
  const html = await res.text();
  // A page that streams (a loading.tsx) answers 200 before it redirects: Next then sends the redirect in the HTML.
  const streamed = /<meta id="__next-page-redirect"[^>]*url=([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  const location = res.headers.get("location") ?? streamed ?? null;
  return { status: streamed ? 307 : res.status, location, html, ttfb, total: performance.now() - start };
}

export type Timing = { ttfbP50: number; ttfbP95: number; totalP95: number };

/** `warmUp` loads (JIT, plans, caches, as on a running server), then `runs` sequential loads timed. */
export async function timePage(
  base: string,
  path: string,
  cookie: string | null,
  warmUp: number,
  runs: number,
): Promise<Timing> {
  for (let i = 0; i < warmUp; i++) await getPage(base, path, cookie);
  const ttfb: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await getPage(base, path, cookie);
    if (page.status !== 200) throw new Error(`${path} answered ${page.status} on run ${i + 1}`);
    ttfb.push(page.ttfb);
    total.push(page.total);
  }
  return { ttfbP50: percentile(ttfb, 0.5), ttfbP95: percentile(ttfb, 0.95), totalP95: percentile(total, 0.95) };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/**
 * Every script the HTML loads from Next's static files (the page's chunks and the framework's), but `nomodule` ones:
 * Next's polyfills for browsers without ES modules, which every browser the portal supports skips without fetching.
 */
export function scriptSources(html: string): string[] {
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\bnomodule\b/i.test(tag));
  const sources = tags.flatMap((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&") ?? []);
  return [...new Set(sources.filter((s) => s.startsWith("/_next/static/")))];
}

/** Gzipped bytes (level 9) of each script, fetched once per run however many pages load it. */
export function scriptWeigher(base: string) {
  const weights = new Map<string, Promise<number>>();
  const weigh = (src: string) =>
    fetch(base + src).then(async (res) => {
      if (!res.ok) throw new Error(`${src} answered ${res.status}`);
      return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    });
  return async (sources: string[]): Promise<number> => {
    const sizes = await Promise.all(sources.map((src) => weights.get(src) ?? weights.set(src, weigh(src)).get(src)!));
    return sizes.reduce((sum, n) => sum + n, 0);
  };
}
