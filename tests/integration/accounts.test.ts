import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as accountRoute from "@/app/api/accounts/[id]/route";
import * as accountsRoute from "@/app/api/accounts/route";
import * as requestsRoute from "@/app/api/requests/route";
import { accounts, requests } from "@/db/schema";
import { listAuditEvents } from "@/lib/accounts/list-audit-events";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { actorFromSessionUser, verifyCredentials } from "@/lib/auth/users";
import { acceptInvitation } from "@/lib/people/accept-invitation";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { clientStaff, employee, PASSWORD, tokenMailedTo } from "../helpers/people";
import { expectProblem } from "../helpers/problem";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let staff: string;

const open = (body: unknown) => call(accountsRoute.POST, "POST", "/api/accounts", { key: staff, body });
const patch = (id: number, body: unknown, key = staff) =>
  call(accountRoute.PATCH, "PATCH", `/api/accounts/${id}`, { key, body, params: { id: String(id) } });
const get = (id: number, key = staff) =>
  call(accountRoute.GET, "GET", `/api/accounts/${id}`, { key, params: { id: String(id) } });

beforeAll(async () => {
  staff = await staffKey(db());
});

describe("client accounts through the staff API", () => {
  it("opens an account and invites its first admin, who accepts and signs in as that account's admin", async () => {
    const res = await open({ name: "Fresh Records", admin: { email: "Boss@Fresh.example", name: "Fresh Boss" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/accounts/${res.body.id}`);
    expect(res.body).toMatchObject({
      name: "Fresh Records",
      suspended: false,
      counts: { clientStaff: 0, licenseeUsers: 0, openInvitations: 1, activeApiKeys: 0 },
    });
    await acceptInvitation(db(), await tokenMailedTo(db(), "boss@fresh.example"), {
      name: "Fresh Boss",
      password: PASSWORD,
      confirm: PASSWORD,
    });
    expect(await verifyCredentials(db(), "boss@fresh.example", PASSWORD)).toMatchObject({
      clientRole: "admin",
      accountId: res.body.id,
    });
    expect((await get(res.body.id)).body.counts).toMatchObject({ clientStaff: 1, openInvitations: 0 });
  });

  it("refuses a duplicate name and a bad admin email, creating nothing", async () => {
    await open({ name: "Twin Records", admin: { email: "one@twin.example", name: "One" } });
    expectProblem(
      await open({ name: "Twin Records", admin: { email: "two@twin.example", name: "Two" } }),
      400,
      "validation_failed",
    );
    const bad = await open({ name: "Other Records", admin: { email: "not an email", name: "X" }, extra: 1 });
    expectProblem(bad, 400, "validation_failed");
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["admin.email", "extra"]);
    expect(await db().select().from(accounts).where(eq(accounts.name, "Other Records"))).toEqual([]);
  });

  it("lists accounts by name with their counts", async () => {
    await clientKey(db(), "Aardvark Records");
    const res = await call(accountsRoute.GET, "GET", "/api/accounts", { key: staff, query: "limit=2" });
    expect(res.status).toBe(200);
    expect(res.body.map((a: { name: string }) => a.name)).toEqual(["Aardvark Records", "Fresh Records"]);
    expect(res.body[0].counts.activeApiKeys).toBe(1);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(3);
    expectProblem(
      await call(accountsRoute.GET, "GET", "/api/accounts", { key: staff, query: "limit=0" }),
      400,
      "validation_failed",
    );
  });

  it("renames with JSON Patch, refusing a name another account has", async () => {
    const { accountId } = await clientKey(db(), "Rename Me Records");
    expect((await patch(accountId, [{ op: "replace", path: "name", value: "Renamed Records" }])).body).toMatchObject({
      name: "Renamed Records",
    });
    expectProblem(
      await patch(accountId, [{ op: "replace", path: "name", value: "Fresh Records" }]),
      400,
      "validation_failed",
    );
    expectProblem(await patch(accountId, [{ op: "replace", path: "suspended", value: "yes" }]), 400, "invalid_patch");
  });
});

describe("a suspended account", () => {
  it("has its keys refused with 403 account_suspended and its users locked out of the portal, its data kept", async () => {
    const { key, accountId } = await clientKey(db(), "Paused Records");
    const filed = await fileRequest(key);
    const member = await clientStaff(db(), "Paused Records", "member@paused.example", "member");
    const suspended = await patch(accountId, [{ op: "replace", path: "suspended", value: true }]);
    expect(suspended.body).toMatchObject({ suspended: true, suspendedAt: expect.any(String) });

    expectProblem(await call(requestsRoute.GET, "GET", "/api/requests", { key }), 403, "account_suspended");
    const user = await verifyCredentials(db(), "member@paused.example", PASSWORD);
    expect(user).toMatchObject({ accountSuspended: true });
    expect(() => actorFromSessionUser(user!)).toThrow(expect.objectContaining({ code: "account_suspended" }));
    expect(await db().select().from(requests).where(eq(requests.id, filed.id))).toHaveLength(1);
    expect(member.user.accountId).toBe(accountId);

    await patch(accountId, [{ op: "replace", path: "suspended", value: false }]);
    expect((await call(requestsRoute.GET, "GET", "/api/requests", { key })).status).toBe(200);
  });
});

describe("the account's audit trail", () => {
  it("shows employees who did what and when; no one else", async () => {
    const res = await open({ name: "Audited Records", admin: { email: "boss@audited.example", name: "Audited Boss" } });
    await patch(res.body.id, [
      { op: "replace", path: "name", value: "Audited Music" },
      { op: "replace", path: "suspended", value: true },
    ]);
    const employeeActor = await actorFromAuthorization(db(), `Bearer ${staff}`);
    const { items } = await listAuditEvents(db(), employeeActor, { accountId: res.body.id, offset: 0, limit: 50 });
    expect(items.map((e) => e.action).reverse()).toEqual([
      "account.created",
      "invitation.sent",
      "account.renamed",
      "account.suspended",
    ]);
    expect(items.every((e) => e.actorKind === "employee" && e.dateAdded instanceof Date)).toBe(true);
    const someone = await employee(db(), "auditor@coverdesk.example");
    expect((await listAuditEvents(db(), someone.actor, { accountId: res.body.id, offset: 0, limit: 1 })).total).toBe(4);
    const { key } = await clientKey(db(), "Nosy Records");
    const client = await actorFromAuthorization(db(), `Bearer ${key}`);
    await expect(listAuditEvents(db(), client, { accountId: res.body.id, offset: 0, limit: 50 })).rejects.toMatchObject(
      { code: "forbidden" },
    );
  });
});
