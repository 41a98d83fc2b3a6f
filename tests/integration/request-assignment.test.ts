import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as assigneeRoute from "@/app/api/requests/[id]/assignee/route";
import { requests } from "@/db/schema";
import { listAuditEvents } from "@/lib/accounts/list-audit-events";
import { assignRequest, claimRequest } from "@/lib/requests/assign-request";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { clientStaff, employee, type Person } from "../helpers/people";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let accountId: number;
let ann: Person;
let ben: Person;

beforeAll(async () => {
  const client = await clientKey(db(), "Assigned Records");
  accountId = client.accountId;
  keys = { client: client.key, staff: await staffKey(db()) };
  ann = await employee(db(), "ann@assign.test");
  ben = await employee(db(), "ben@assign.test");
});

const assign = (requestId: number, body: unknown, key = keys.staff) =>
  call(assigneeRoute.POST, "POST", `/api/requests/${requestId}/assignee`, {
    key,
    params: { id: String(requestId) },
    body,
  });
const ids = async (assignee: string, as: Person) =>
  (await listQueue(db(), as.actor, queueQuery.parse({ account: String(accountId), assignee }))).items.map((i) => i.id);

describe("assigning requests", () => {
  it("an employee claims a request, hands it to a colleague, and leaves it to no one; the queue filters by each", async () => {
    const [first, second] = [(await fileRequest(keys.client)).id, (await fileRequest(keys.client)).id];
    expect(await claimRequest(db(), ann.actor, first)).toEqual({
      requestId: first,
      assignee: { id: ann.user.id, name: ann.user.name },
    });
    const handed = await assign(second, { userId: ben.user.id });
    expect(handed.status).toBe(200);
    expect(handed.body).toEqual({ requestId: second, assignee: { id: ben.user.id, name: ben.user.name } });

    expect(await ids("mine", ann)).toEqual([first]);
    expect(await ids("mine", ben)).toEqual([second]);
    expect(await ids(String(ben.user.id), ann)).toEqual([second]);
    expect(await ids("none", ann)).toEqual([]);
    const row = (await listQueue(db(), ann.actor, queueQuery.parse({ account: String(accountId) }))).items.find(
      (i) => i.id === first,
    );
    expect(row?.assignee).toBe(ann.user.name);

    expect((await assign(first, { userId: null })).body).toEqual({ requestId: first, assignee: null });
    expect(await ids("none", ann)).toEqual([first]);
    const trail = await listAuditEvents(db(), ann.actor, {
      accountId,
      entity: "request",
      entityId: String(first),
      offset: 0,
      limit: 10,
    });
    expect(trail.items.map((e) => e.action).slice(0, 2)).toEqual(["request.unassigned", "request.assigned"]);
  });

  it("does not touch what the client sees (dateUpdated stays)", async () => {
    const { id } = await fileRequest(keys.client);
    const before = (await db().select({ at: requests.dateUpdated }).from(requests).where(eq(requests.id, id)))[0]!.at;
    await claimRequest(db(), ann.actor, id);
    expect((await db().select({ at: requests.dateUpdated }).from(requests).where(eq(requests.id, id)))[0]!.at).toEqual(
      before,
    );
  });

  it.each([
    ["a client staff user", async () => (await clientStaff(db(), "Assigned Records", "cs@assign.test")).user.id],
    ["a user id no one has", () => Promise.resolve(999_999)],
  ])("refuses %s as assignee (400 validation_failed at userId)", async (_who, userId) => {
    const { id } = await fileRequest(keys.client);
    const res = await assign(id, { userId: await userId() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "userId", message: "is not an active employee" }]);
  });

  it.each([[{}], [{ userId: "3" }], [{ userId: 1.5 }], [{ userId: 3, extra: true }]])(
    "refuses the body %j",
    async (body) => {
      const { id } = await fileRequest(keys.client);
      expect((await assign(id, body)).status).toBe(400);
    },
  );

  it("is for employees: clients are refused, and an API key assigns by id but cannot claim", async () => {
    const { id } = await fileRequest(keys.client);
    expect((await assign(id, { userId: null }, keys.client)).status).toBe(403);
    const apiStaff = { kind: "employee", name: "key", userId: null, apiKeyId: 1 } as const;
    await expect(claimRequest(db(), apiStaff, id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(assignRequest(db(), apiStaff, id, ann.user.id)).resolves.toMatchObject({
      assignee: { id: ann.user.id },
    });
  });
});
