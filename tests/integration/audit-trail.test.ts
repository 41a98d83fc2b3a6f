import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { auditQuery } from "@/lib/audit/audit-query";
import { listAuditEvents, listAuditFacets } from "@/lib/accounts/list-audit-events";
import { recordAudit } from "@/lib/audit/record-audit";
import { clientKey } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let accountId: number;
let otherAccountId: number;

const event = (accountId: number, who: string, action: string, entityType: string, entityId: number) =>
  recordAudit(
    db(),
    { kind: who === "Sam Staff" ? "employee" : "client", name: who },
    { action, entityType, entityId, accountId },
  );

beforeAll(async () => {
  accountId = (await clientKey(db(), "Trail Records")).accountId;
  otherAccountId = (await clientKey(db(), "Elsewhere Records")).accountId;
  await event(accountId, "Ann Client", "request.created", "request", 12);
  await event(accountId, "Sam Staff", "track.song_linked", "track", 7);
  await event(accountId, "Sam Staff", "request.status_changed", "request", 12);
  await event(accountId, "Ann Client", "request.created", "request", 13);
  await event(otherAccountId, "Sam Staff", "request.status_changed", "request", 12);
});

const trail = (filters: { entity?: string; entityId?: string; person?: string }, limit = 50) =>
  listAuditEvents(db(), employee, { accountId, ...filters, offset: 0, limit });

describe("an account's audit trail, filtered", () => {
  it.each([
    [{}, ["request.created 13", "request.status_changed 12", "track.song_linked 7", "request.created 12"]],
    [{ entity: "request" }, ["request.created 13", "request.status_changed 12", "request.created 12"]],
    [{ entity: "request", entityId: "12" }, ["request.status_changed 12", "request.created 12"]],
    [{ person: "Ann Client" }, ["request.created 13", "request.created 12"]],
    [{ person: "Sam Staff", entity: "track" }, ["track.song_linked 7"]],
    [{ person: "Nobody" }, []],
  ])("%j keeps only the matching events of this account, newest first", async (filters, expected) => {
    const { items, total } = await trail(filters);
    expect(items.map((e) => `${e.action} ${e.entityId}`)).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it("counts every match when a page holds fewer", async () => {
    expect(await trail({ entity: "request" }, 1)).toMatchObject({ total: 3, items: [{ entityId: "13" }] });
  });

  it("offers the kinds of record and the people of this account only as filter choices", async () => {
    expect(await listAuditFacets(db(), employee, accountId)).toEqual({
      entities: ["request", "track"],
      people: ["Ann Client", "Sam Staff"],
    });
  });

  it("reads the page's filters from its address, refusing what it cannot use", () => {
    expect(auditQuery.parse({ entity: "request", entityId: "12", person: "Ann Client", page: "2" })).toEqual({
      entity: "request",
      entityId: "12",
      person: "Ann Client",
      page: 2,
    });
    expect(auditQuery.safeParse({ page: "0" }).success).toBe(false);
    expect(auditQuery.safeParse({ entity: "x".repeat(51) }).success).toBe(false);
  });

  it("is for employees only", async () => {
    const client: Actor = { kind: "client", name: "C", accountId, role: "admin", userId: null, apiKeyId: null };
    await expect(listAuditFacets(db(), client, accountId)).rejects.toMatchObject({ code: "forbidden" });
    await expect(listAuditEvents(db(), client, { accountId, offset: 0, limit: 5 })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
