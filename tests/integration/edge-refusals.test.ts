import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/http/action-body-limit";
import { proxy } from "@/proxy";

import { GET } from "@/app/api/auth/[...nextauth]/route";

const BASE = "http://localhost:3000";
const ACTION = "00a05ecb57e02d6f653bb31c095e6f615cfd31ae7a";

/** A server action call on the sign-in page, as the browser sends it. */
const action = (headers: Record<string, string>) =>
  proxy(
    new NextRequest(`${BASE}/login`, {
      method: "POST",
      headers: {
        host: "localhost:3000",
        "next-action": ACTION,
        "content-type": "text/plain;charset=UTF-8",
        ...headers,
      },
      body: "[]",
    }),
  );

describe("a server action Next would refuse with a 500", () => {
  it("from another site is a 403 page saying so; this site's and one without Origin go on", async () => {
    for (const origin of ["http://evil.example", "null", "http://localhost:3000.evil.example"]) {
      const res = await action({ origin });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toContain("sent from another site");
    }
    const behindProxy = await action({ origin: "https://desk.example", "x-forwarded-host": "desk.example" });
    expect(behindProxy.status).toBe(200);
    expect((await action({ origin: BASE })).status).toBe(200);
    expect((await action({})).status).toBe(200);
  });

  it("lets the one-click unsubscribe through from a mail provider's own origin (a route handler, not an action)", async () => {
    const res = await proxy(
      new NextRequest(`${BASE}/unsubscribe?token=x&kind=wall_post`, {
        method: "POST",
        headers: {
          host: "localhost:3000",
          origin: "https://mail.example",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "List-Unsubscribe=One-Click",
      }),
    );
    expect(res.status).toBe(200);
    expect((await action({ origin: "https://mail.example" })).status).toBe(403);
  });

  it("over the body limit is a 413 page", async () => {
    const declared = await action({ origin: BASE, "content-length": String(ACTION_BODY_LIMIT_BYTES + 1) });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("send less at a time");
    expect((await action({ origin: BASE, "content-length": String(ACTION_BODY_LIMIT_BYTES) })).status).toBe(200);
  });

  it("streamed without its length is a 411 page (its size cannot be known before Next reads it)", async () => {
    const streamed = await action({ origin: BASE, "transfer-encoding": "chunked" });
    expect(streamed.status).toBe(411);
    expect(await streamed.text()).toContain("Send the form with its Content-Length.");
  });
});

describe("an odd callbackUrl on the Auth.js routes", () => {
  const signin = (query: string, cookie?: string) =>
    GET(new NextRequest(`${BASE}/api/auth/signin?${query}`, { headers: cookie ? { cookie } : {} }));

  it("is a 400 problem, not Auth.js's 500", async () => {
    for (const query of [
      "callbackUrl=javascript:alert(1)",
      "callbackUrl=%00",
      "callbackUrl=a&callbackUrl=b",
      "callbackUrl=home",
    ]) {
      const res = await signin(query);
      expect(res.status, query).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(((await res.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("callbackUrl");
    }
  });

  it("in the callback cookie is a 400 that clears the cookie", async () => {
    const res = await signin("", "authjs.callback-url=javascript%3Aalert(1)");
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().join()).toMatch(/^authjs\.callback-url=; Path=\/; Max-Age=0/);
  });

  it("a path or another site's address still goes to the sign-in page, never off-site", async () => {
    for (const callbackUrl of ["/requests", "//evil.example", "https://evil.example/x"]) {
      const res = await signin(`callbackUrl=${encodeURIComponent(callbackUrl)}`);
      expect(res.status, callbackUrl).toBe(302);
      const to = new URL(res.headers.get("location")!, BASE);
      expect(to.origin + to.pathname).toBe(`${BASE}/login`);
      expect(new URL(to.searchParams.get("callbackUrl")!, BASE).origin).toBe(BASE);
    }
  });
});
