import { describe, expect, it } from "vitest";
import * as unknownRoute from "@/app/api/[[...path]]/route";
import * as health from "@/app/api/health/route";
import { apiKeys } from "@/db/schema";
import {
  actorFromAuthorization,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  createClientApiKey,
  MAX_ACTIVE_KEYS,
} from "@/lib/auth/api-keys";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { call } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("API keys", () => {
  it("resolves a client key to its account and a staff key to an employee", async () => {
    const account = await findOrCreateAccount(db(), "Keys Records");
    const { key } = await createApiKey(db(), { accountId: account.id, name: "k" });
    expect(key.length).toBeGreaterThanOrEqual(43);
    const actor = await actorFromAuthorization(db(), `Bearer ${key}`);
    expect(actor).toMatchObject({ kind: "client", accountId: account.id });
    const staff = await createApiKey(db(), { accountId: null, name: "s" });
    expect(await actorFromAuthorization(db(), `Bearer ${staff.key}`)).toMatchObject({ kind: "employee" });
  });

  it("stores only a hash and a display prefix, never the key", async () => {
    const account = await findOrCreateAccount(db(), "Hash Records");
    const { key, record } = await createApiKey(db(), { accountId: account.id, name: "k" });
    const rows = await db().select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(key.startsWith(record.prefix)).toBe(true);
  });

  it.each([
    ["missing", undefined],
    ["malformed", "Token abc"],
    ["unknown", "Bearer cd_not-a-real-key-at-all-000000000000000000000"],
  ])("answers a %s key with 401 problem+json and WWW-Authenticate", async (_label, header) => {
    const res = await call(unknownRoute.GET, "GET", "/api/anything", {
      headers: header ? { Authorization: header } : {},
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.body).toMatchObject({ status: 401, code: "unauthorized" });
  });

  it("refuses a revoked key and records last use of a live one", async () => {
    const account = await findOrCreateAccount(db(), "Revoke Records");
    const clientActor = {
      kind: "client" as const,
      name: "c",
      accountId: account.id,
      role: "admin" as const,
      userId: null,
      apiKeyId: null,
    };
    const { key, record } = await createClientApiKey(db(), clientActor, { name: "to revoke", role: "member" });
    expect((await call(unknownRoute.GET, "GET", "/api/nope", { key })).status).toBe(404);
    const listed = await listApiKeys(db(), clientActor);
    expect(listed.find((k) => k.id === record.id)?.lastUsedAt).toBeInstanceOf(Date);
    await revokeApiKey(db(), clientActor, record.id);
    const res = await call(unknownRoute.GET, "GET", "/api/nope", { key });
    expect(res.status).toBe(401);
  });

  it("does not let one account revoke another account's key", async () => {
    const a = await findOrCreateAccount(db(), "Owner A");
    const b = await findOrCreateAccount(db(), "Owner B");
    const { key, record } = await createApiKey(db(), { accountId: a.id, name: "a" });
    const actorB = {
      kind: "client" as const,
      name: "b",
      accountId: b.id,
      role: "admin" as const,
      userId: null,
      apiKeyId: null,
    };
    await expect(revokeApiKey(db(), actorB, record.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await actorFromAuthorization(db(), `Bearer ${key}`)).toMatchObject({ accountId: a.id });
  });

  it(`caps an account at ${MAX_ACTIVE_KEYS} active keys, even when they are asked for all at once`, async () => {
    const account = await findOrCreateAccount(db(), "Many Keys Records");
    const admin = {
      kind: "client" as const,
      name: "a",
      accountId: account.id,
      role: "admin" as const,
      userId: null,
      apiKeyId: null,
    };
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => createClientApiKey(db(), admin, { name: `k${i}`, role: "member" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ACTIVE_KEYS);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect(r.reason).toMatchObject({ code: "limit_reached" });
    const keys = await listApiKeys(db(), admin);
    expect(keys).toHaveLength(MAX_ACTIVE_KEYS);
    await revokeApiKey(db(), admin, keys[0]!.id);
    await expect(createClientApiKey(db(), admin, { name: "after a revoke", role: "member" })).resolves.toBeTruthy();
    await expect(createClientApiKey(db(), admin, { name: "one too many", role: "member" })).rejects.toMatchObject({
      code: "limit_reached",
    });
  });

  it("answers an unknown API path with 404 problem+json", async () => {
    const account = await findOrCreateAccount(db(), "Path Records");
    const { key } = await createApiKey(db(), { accountId: account.id, name: "k" });
    const res = await call(unknownRoute.POST, "POST", "/api/nowhere", { key, body: {} });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});

describe("GET /api/health", () => {
  it("is ok when the database answers", async () => {
    const res = await call(health.GET as never, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
