import { describe, expect, it } from "vitest";
import {
  actorFromAuthorization,
  createApiKey,
  createClientApiKey,
  listApiKeys,
  revokeApiKey,
} from "@/lib/auth/api-keys";
import { apiKeyInput } from "@/lib/auth/api-key-input";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { runFormAction } from "@/lib/forms/run-form-action";
import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { call } from "../helpers/api";
import { clientStaff } from "../helpers/people";
import { expectProblem } from "../helpers/problem";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

// An admin-only endpoint, declared the way /api/webhooks and the other admin endpoints will be.
const adminOnly = apiRoute(({ actor }) => Promise.resolve(json({ kind: actor.kind })), { roles: ["client:admin"] });

describe("client roles on API keys", () => {
  it("a key carries the role chosen at creation; the portal's default is member, the CLI's (createApiKey) admin", async () => {
    const admin = await clientStaff(db(), "Role Keys Records", "admin@role-keys.example");
    const made = await createClientApiKey(db(), admin.actor, apiKeyInput.parse({ name: "default" }));
    expect(made.record.role).toBe("member");
    expect(await actorFromAuthorization(db(), `Bearer ${made.key}`)).toMatchObject({ kind: "client", role: "member" });
    const account = await findOrCreateAccount(db(), "Role Keys Records");
    const cli = await createApiKey(db(), { accountId: account.id, name: "cli" });
    expect(await actorFromAuthorization(db(), `Bearer ${cli.key}`)).toMatchObject({ role: "admin" });
    const staffKey = await createApiKey(db(), { accountId: null, name: "staff" });
    expect(staffKey.record.role).toBeNull();
  });

  it("an admin-only endpoint answers a member key 403 forbidden and an admin key 200", async () => {
    const account = await findOrCreateAccount(db(), "Gate Records");
    const member = await createApiKey(db(), { accountId: account.id, name: "m", role: "member" });
    const admin = await createApiKey(db(), { accountId: account.id, name: "a", role: "admin" });
    expectProblem(
      await call(adminOnly, "POST", "/api/admin-thing", { key: member.key, body: {}, notAnApiRoute: true }),
      403,
      "forbidden",
    );
    expect(
      (await call(adminOnly, "POST", "/api/admin-thing", { key: admin.key, body: {}, notAnApiRoute: true })).status,
    ).toBe(200);
  });
});

describe("client roles on portal users", () => {
  it("members may not list, create or revoke API keys; admins may", async () => {
    const admin = await clientStaff(db(), "Role Users Records", "admin@role-users.example");
    const member = await clientStaff(db(), "Role Users Records", "member@role-users.example", "member");
    const { record } = await createClientApiKey(db(), admin.actor, { name: "ours", role: "admin" });
    await expect(listApiKeys(db(), member.actor)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createClientApiKey(db(), member.actor, { name: "mine", role: "admin" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(revokeApiKey(db(), member.actor, record.id)).rejects.toMatchObject({ code: "forbidden" });
    expect((await listApiKeys(db(), admin.actor)).map((k) => [k.name, k.role])).toEqual([["ours", "admin"]]);
  });

  it("the server-action gate lets client admins through and refuses members before reading the values", async () => {
    const admin = await clientStaff(db(), "Role Users Records", "admin2@role-users.example");
    const member = await clientStaff(db(), "Role Users Records", "member2@role-users.example", "member");
    const options = {
      roles: ["client:admin"],
      doing: "manage people",
      schema: apiKeyInput,
      values: { name: "" },
    } as const;
    expect(await runFormAction(member.actor, options, () => Promise.resolve(null))).toEqual({
      ok: false,
      code: "forbidden",
      message: "Only client admins can manage people.",
      fieldErrors: {},
    });
    expect(await runFormAction(admin.actor, options, () => Promise.resolve(null))).toMatchObject({
      ok: false,
      code: "validation_failed",
    });
  });
});
