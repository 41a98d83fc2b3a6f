import { request as http } from "node:http";
import { test as unguarded } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";

/** Sends a raw request (fetch refuses TRACE) and gives back its status. */
function rawStatus(method: string, path: string, baseURL: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http(new URL(path, baseURL), { method }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

test("pages send a nonce-based CSP and the other security headers; Next's scripts carry the nonce", async ({
  page,
}) => {
  const response = await page.goto("/login");
  const headers = response!.headers();
  const csp = headers["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  expect(headers).toMatchObject({
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
  });
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["strict-transport-security"]).toBeUndefined(); // plain http here
  const scripts = page.locator("script");
  expect(await scripts.count()).toBeGreaterThan(0);
  for (const s of await scripts.all()) expect(await s.evaluate((el: HTMLScriptElement) => el.nonce)).toBe(nonce);
  // Another request, another nonce.
  const again = (await page.request.get("/login")).headers()["content-security-policy"];
  expect(again).not.toBe(csp);
});

test("API answers and static files carry the fixed headers too; https adds HSTS", async ({ request }) => {
  for (const path of ["/api/health", "/api/requests", "/icon.svg"]) {
    const res = await request.get(path);
    expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(res.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
  const behindTls = await request.get("/login", { headers: { "X-Forwarded-Proto": "https" } });
  expect(behindTls.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("API answers carry a fixed policy that runs no script; https adds HSTS there too", async ({ request }) => {
  for (const path of ["/api/health", "/api/requests", "/api/openapi.json"]) {
    const csp = (await request.get(path)).headers()["content-security-policy"]!;
    expect(csp, path).toContain("script-src 'none'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain("nonce-");
  }
  expect((await request.get("/api/health")).headers()["strict-transport-security"]).toBeUndefined();
  const behindTls = await request.get("/api/health", { headers: { "X-Forwarded-Proto": "https" } });
  expect(behindTls.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("TRACE is answered 405, not 500", async ({ baseURL }) => {
  for (const path of ["/", "/login", "/api/requests"]) expect(await rawStatus("TRACE", path, baseURL!), path).toBe(405);
});

test("a form posted from another site, an oversized one and an odd callbackUrl are 4xx, not 500", async ({
  request,
}) => {
  const foreign = await request.post("/login", { headers: { Origin: "http://evil.example" }, multipart: { x: "1" } });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toContain("sent from another site");
  const big = await request.post("/login", { headers: { "Next-Action": "0".repeat(42) }, data: "a".repeat(7 << 20) });
  expect(big.status()).toBe(413);
  for (const callbackUrl of ["javascript:alert(1)", "\0"]) {
    const odd = await request.get(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, {
      maxRedirects: 0,
    });
    expect(odd.status(), callbackUrl).toBe(400);
  }
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ page, context }) => {
  await signIn(page, DEMO_USERS.licensee);
  const session = (await context.cookies()).find((c) => c.name.includes("session-token"));
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false }); // Secure under https only
});

// Not through the guarded fixture: this test provokes a violation on purpose, to show the policy is enforced.
unguarded("a script injected into a page does not run, and the browser reports the violation", async ({ page }) => {
  const reported: string[] = [];
  page.on("console", (m) => reported.push(m.text()));
  await page.goto("/login");
  // The classic stored-XSS shape: markup with an inline handler reaching the page.
  await page.evaluate(() =>
    document.body.insertAdjacentHTML("beforeend", `<img src="/nowhere.png" onerror="window.__injected = true">`),
  );
  await expect.poll(() => reported.some((t) => /Content Security Policy/i.test(t))).toBe(true);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
});
