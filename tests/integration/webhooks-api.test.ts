import os from "node:os";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as resendRoute from "@/app/api/webhooks/[id]/deliveries/[deliveryId]/resend/route";
import * as deliveriesRoute from "@/app/api/webhooks/[id]/deliveries/route";
import * as webhookRoute from "@/app/api/webhooks/[id]/route";
import * as webhooksRoute from "@/app/api/webhooks/route";
import { createApiKey } from "@/lib/auth/api-keys";
import { drainWebhooks } from "@/lib/webhooks/deliver-webhooks";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { expectProblem } from "../helpers/problem";
import { setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";
import { registerWebhook, startReceiver, webhookFixture, type Receiver } from "../helpers/webhooks";

const db = setupTestDb();
let admin: { key: string; accountId: number };
let staff: string;
let receivers: Receiver[] = [];
const receiver = async (host?: string) => {
  const r = await startReceiver(undefined, 0, host);
  receivers.push(r);
  return r;
};
// The test's receivers listen on loopback, which the guard refuses unless the operator allows it.
const LOCAL = "127.0.0.1,::1";
const params = (id: number) => ({ id: String(id) });
const register = (url: string, key = admin.key) =>
  call(webhooksRoute.POST, "POST", "/api/webhooks", { key, body: { url, events: ["request.status_changed"] } });

const logOf = async (endpointId: number) =>
  (
    await call(deliveriesRoute.GET, "GET", `/api/webhooks/${endpointId}/deliveries`, {
      key: admin.key,
      params: params(endpointId),
    })
  ).body as { status: string; lastResponseCode: number | null; lastError: string | null }[];
const remove = (endpointId: number) =>
  call(webhookRoute.DELETE, "DELETE", `/api/webhooks/${endpointId}`, { key: admin.key, params: params(endpointId) });

beforeAll(async () => {
  admin = await clientKey(db(), "Hooks Records");
  staff = await staffKey(db());
});
beforeEach(() => vi.stubEnv("WEBHOOK_TIMEOUT_MS", "500"));
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

describe("registering endpoints", () => {
  it("shows the secret once, in the Standard Webhooks format, and never again", async () => {
    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", LOCAL);
    const res = await register("http://127.0.0.1:9/hook");
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/webhooks/${res.body.id}`);
    expect(res.body).toMatchObject({
      url: "http://127.0.0.1:9/hook",
      events: ["request.status_changed"],
      enabled: true,
      disabledReason: null,
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const listed = await call(webhooksRoute.GET, "GET", "/api/webhooks", { key: admin.key });
    const one = await call(webhookRoute.GET, "GET", `/api/webhooks/${res.body.id}`, {
      key: admin.key,
      params: params(res.body.id),
    });
    expect(listed.body.map((e: { id: number }) => e.id)).toContain(res.body.id);
    for (const body of [...listed.body, one.body]) {
      expect(body).not.toHaveProperty("secret");
      expect(JSON.stringify(body)).not.toContain(res.body.secret);
    }
  });

  it("is for client admins only: a member key and a staff key are refused", async () => {
    const { key: member } = await createApiKey(db(), { accountId: admin.accountId, name: "member", role: "member" });
    expectProblem(await register("https://93.184.216.34/hook", member), 403, "forbidden");
    expectProblem(await register("https://93.184.216.34/hook", staff), 403, "forbidden");
    expectProblem(await call(webhooksRoute.GET, "GET", "/api/webhooks", { key: member }), 403, "forbidden");
  });

  it("refuses unknown events, an empty list and a URL that is not one", async () => {
    const bad = (body: unknown) => call(webhooksRoute.POST, "POST", "/api/webhooks", { key: admin.key, body });
    expect(
      expectProblem(
        await bad({ url: "https://93.184.216.34/h", events: ["request.deleted"] }),
        400,
        "validation_failed",
      ).errors?.[0]?.path,
    ).toBe("events.0");
    expect(
      expectProblem(await bad({ url: "https://93.184.216.34/h", events: [] }), 400, "validation_failed").errors?.[0]
        ?.path,
    ).toBe("events");
    expect(
      expectProblem(await bad({ url: "ftp://93.184.216.34/h", events: ["wallpost.created"] }), 400, "validation_failed")
        .errors?.[0]?.path,
    ).toBe("url");
  });

  it("accepts a public address without the development setting", async () => {
    expect((await register("https://93.184.216.34/hook")).status).toBe(201);
  });
});

describe("SSRF: where an endpoint may not point", () => {
  it.each([
    ["http:// in production", "http://93.184.216.34/hook", "https://"],
    ["loopback", "https://127.0.0.1/hook", "127.0.0.1"],
    ["a private network", "https://10.1.2.3/hook", "10.1.2.3"],
    ["link-local (cloud metadata)", "https://169.254.169.254/latest/meta-data", "169.254.169.254"],
    ["IPv6 loopback", "https://[::1]/hook", "::1"],
    ["IPv4-mapped IPv6 loopback", "https://[::ffff:127.0.0.1]/hook", "private"],
    ["multicast", "https://224.0.0.1/hook", "224.0.0.1"],
    ["a documentation range", "https://203.0.113.9/hook", "203.0.113.9"],
    ["the benchmarking range", "https://198.18.0.1/hook", "198.18.0.1"],
    ["carrier-grade NAT", "https://100.64.0.1/hook", "100.64.0.1"],
    ["the limited broadcast", "https://255.255.255.255/hook", "255.255.255.255"],
    ["IPv6 unique local", "https://[fd00::1]/hook", "fd00::1"],
    ["IPv6 documentation", "https://[2001:db8::1]/hook", "2001:db8::1"],
    ["NAT64 of loopback", "https://[64:ff9b::7f00:1]/hook", "64:ff9b::7f00:1"],
    ["6to4 of a private network", "https://[2002:a00:1::1]/hook", "2002:a00:1::1"],
    ["a hostname resolving to loopback", "https://localhost/hook", "resolves to"],
  ])("refuses %s", async (_case, url, said) => {
    vi.stubEnv("NODE_ENV", "production");
    const res = expectProblem(await register(url), 400, "validation_failed");
    expect(res.errors?.[0]).toEqual({ path: "url", message: expect.stringContaining(said) });
  });

  it("accepts an address the operator allowed, over http:// in production too, and nothing beside it", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", "127.0.0.1");
    const ok = await register("http://127.0.0.1:9/hook");
    expect(ok.status).toBe(201);
    await remove(ok.body.id);
    expectProblem(await register("https://127.0.0.2/hook"), 400, "validation_failed");
    expectProblem(await register("http://93.184.216.34/hook"), 400, "validation_failed");
  });

  it("refuses a new URL on PATCH the same way", async () => {
    const { body } = await register("https://93.184.216.34/hook");
    const res = await call(webhookRoute.PATCH, "PATCH", `/api/webhooks/${body.id}`, {
      key: admin.key,
      params: params(body.id),
      body: [{ op: "replace", path: "url", value: "https://10.0.0.5/hook" }],
    });
    expectProblem(res, 400, "validation_failed");
  });

  it.each([
    ["an address", (port: number) => `http://127.0.0.1:${port}/hook`],
    ["a hostname, after DNS resolution", (port: number) => `http://localhost:${port}/hook`],
  ])("checks again at delivery: an endpoint on %s that is private is never called", async (_case, urlOf) => {
    const r = await receiver();
    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", LOCAL);
    const endpoint = await registerWebhook(admin.key, urlOf(r.port), ["request.status_changed"]);
    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", "");
    const { id } = await fileRequest(admin.key);
    await setStatus(staff, id, { code: "need_info", note: "Which version?" });
    await drainWebhooks(db());
    expect(r.received).toEqual([]);
    const log = await call(deliveriesRoute.GET, "GET", `/api/webhooks/${endpoint.id}/deliveries`, {
      key: admin.key,
      params: params(endpoint.id),
    });
    expect(log.body[0]).toMatchObject({
      status: "pending",
      lastResponseCode: null,
      lastError: "Address not allowed: the endpoint is on a private, reserved or this server's address.",
    });
    await call(webhookRoute.DELETE, "DELETE", `/api/webhooks/${endpoint.id}`, {
      key: admin.key,
      params: params(endpoint.id),
    });
  });
});

describe("SSRF: this host's own addresses", () => {
  it("refuses an endpoint on this host's own non-loopback address, at registration and at delivery", async () => {
    const own = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === "IPv4")?.address;
    expect(own, "this host has a non-loopback IPv4 interface").toBeDefined();
    const r = await receiver(own);
    const refused = expectProblem(await register(r.url), 400, "validation_failed");
    expect(refused.errors?.[0]?.message).toContain(`resolves to ${own}`);

    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", own!);
    const endpoint = await registerWebhook(admin.key, r.url, ["request.status_changed"]);
    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", "");
    const { id } = await fileRequest(admin.key);
    await setStatus(staff, id, { code: "need_info", note: "Which version?" });
    await drainWebhooks(db());
    expect(r.received).toEqual([]);
    expect((await logOf(endpoint.id))[0]).toMatchObject({ lastError: expect.stringMatching(/^Address not allowed/) });
    await remove(endpoint.id);
  });
});

describe("the delivery log says why a delivery failed in general terms only", () => {
  it.each([
    [
      "a closed port",
      async () => {
        const probe = await startReceiver();
        await probe.close();
        return probe.url;
      },
      "Connection refused.",
    ],
    [
      "an https:// URL on a server that speaks no TLS",
      async () => (await receiver()).url.replace("http://", "https://"),
      "TLS failed: no secure connection to the endpoint.",
    ],
  ])("%s", async (_case, urlOf, said) => {
    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", LOCAL);
    const url = await urlOf();
    const endpoint = await registerWebhook(admin.key, url, ["request.status_changed"]);
    const { id } = await fileRequest(admin.key);
    await setStatus(staff, id, { code: "need_info", note: "Which version?" });
    await drainWebhooks(db());
    const [delivery] = await logOf(endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", lastResponseCode: null, lastError: said });
    await remove(endpoint.id);
  });
});

describe("the delivery log, resend, change and delete", () => {
  it("lists deliveries newest first, resends one with the same webhook-id, turns off and deletes the endpoint", async () => {
    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", LOCAL);
    const r = await receiver();
    const endpoint = await registerWebhook(admin.key, r.url, ["request.status_changed"]);
    const { id } = await fileRequest(admin.key);
    await setStatus(staff, id, { code: "need_info", note: "Which version?" });
    await setStatus(staff, id, { code: "new" });
    await drainWebhooks(db());

    const log = await call(deliveriesRoute.GET, "GET", `/api/webhooks/${endpoint.id}/deliveries`, {
      key: admin.key,
      params: params(endpoint.id),
      query: "limit=1",
    });
    expect(log.headers.get("x-total-count")).toBe("2");
    expect(log.body).toMatchObject([
      {
        event: "request.status_changed",
        requestId: id,
        status: "sent",
        attempts: 1,
        lastResponseCode: 200,
        nextAttemptAt: null,
      },
    ]);
    const newest = log.body[0];

    const resent = await call(resendRoute.POST, "POST", `/api/webhooks/${endpoint.id}/deliveries/${newest.id}/resend`, {
      key: admin.key,
      params: { id: String(endpoint.id), deliveryId: String(newest.id) },
    });
    expect(resent.body).toMatchObject({ id: newest.id, status: "pending" });
    await drainWebhooks(db());
    expect(r.received.map((got) => got.headers["webhook-id"])).toEqual([
      expect.any(String),
      newest.messageId,
      newest.messageId,
    ]);

    const off = await call(webhookRoute.PATCH, "PATCH", `/api/webhooks/${endpoint.id}`, {
      key: admin.key,
      params: params(endpoint.id),
      body: [
        { op: "replace", path: "enabled", value: false },
        { op: "replace", path: "events", value: ["wallpost.created"] },
      ],
    });
    expect(off.body).toMatchObject({ enabled: false, events: ["wallpost.created"], disabledReason: null });

    expect(
      (
        await call(webhookRoute.DELETE, "DELETE", `/api/webhooks/${endpoint.id}`, {
          key: admin.key,
          params: params(endpoint.id),
        })
      ).status,
    ).toBe(204);
    expectProblem(
      await call(webhookRoute.GET, "GET", `/api/webhooks/${endpoint.id}`, {
        key: admin.key,
        params: params(endpoint.id),
      }),
      404,
      "not_found",
    );
  });

  it("limits resends per account: past WEBHOOK_RESENDS_PER_HOUR a 429 with Retry-After, another account unaffected", async () => {
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "1");
    vi.stubEnv("WEBHOOK_RESENDS_PER_HOUR", "2");
    const flooder = await clientKey(db(), "Resend Flood Records");
    const calm = await clientKey(db(), "Resend Calm Records");
    const resend = async (account: { key: string; accountId: number }) => {
      const { webhookId, deliveryId } = await webhookFixture(account.accountId);
      return call(resendRoute.POST, "POST", `/api/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, {
        key: account.key,
        params: { id: String(webhookId), deliveryId: String(deliveryId) },
      });
    };
    expect((await resend(flooder)).status).toBe(200);
    expect((await resend(flooder)).status).toBe(200);
    const refused = await resend(flooder);
    expectProblem(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await resend(calm)).status).toBe(200);
  });

  it("answers another account's endpoint and delivery like missing ones", async () => {
    vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", LOCAL);
    const endpoint = await registerWebhook(admin.key, "http://127.0.0.1:9/hook");
    const other = await clientKey(db(), "Other Hooks Records");
    expectProblem(
      await call(webhookRoute.GET, "GET", `/api/webhooks/${endpoint.id}`, {
        key: other.key,
        params: params(endpoint.id),
      }),
      404,
      "not_found",
    );
    expect((await call(webhooksRoute.GET, "GET", "/api/webhooks", { key: other.key })).body).toEqual([]);
  });
});
