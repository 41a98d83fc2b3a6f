import { beforeAll, describe, expect, it } from "vitest";
import * as eventsRoute from "@/app/api/requests/[id]/events/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import type { Actor } from "@/lib/auth/actor";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { getRequestDetails } from "@/lib/requests/get-request-details";
import { listRequestEvents } from "@/lib/requests/list-request-events";
import { findRequestView } from "@/lib/requests/request-view";
import { scopeOf } from "@/lib/auth/actor";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { expectProblem } from "../helpers/problem";
import { setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";
import { licenseeActor } from "../helpers/wall";

// Issue 20: GET /api/requests/{id}/events, the status timeline with its notes, as the portal shows it to each role.
const db = setupTestDb();
let client: string;
let staff: string;
let filed: Awaited<ReturnType<typeof fileRequest>>;
let accountId: number;

beforeAll(async () => {
  ({ key: client, accountId } = await clientKey(db(), "Events Records"));
  staff = await staffKey(db());
  filed = await fileRequest(client);
  const ok = async (p: ReturnType<typeof setStatus>) => expect((await p).status).toBe(200);
  await ok(setStatus(staff, filed.id, { code: "need_info", note: "Which version do you record?" }));
  await ok(setStatus(staff, filed.id, { code: "new", note: "Owner share dispute, client only", notePrivate: true }));
});

const events = (key: string, id = filed.id, query?: string) =>
  call(eventsRoute.GET, "GET", `/api/requests/${id}/events`, { key, params: { id: String(id) }, query });

/** The portal's timeline for this caller, in the API's shape. */
async function portalTimeline(actor: Actor) {
  const { timeline } = await getRequestDetails(db(), actor, filed.id);
  return timeline.map((e) => ({ from: e.from, to: e.to.code, at: e.dateAdded, actor: e.actor, note: e.note }));
}

describe("GET /api/requests/{id}/events", () => {
  it("lists every status change, oldest first, with its actor and note, as a counted list", async () => {
    const res = await events(client);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("3");
    expect(res.body).toEqual([
      {
        from: null,
        to: "new",
        at: expect.any(String),
        actor: { kind: "client", name: expect.any(String) },
        note: null,
      },
      {
        from: "new",
        to: "need_info",
        at: expect.any(String),
        actor: { kind: "employee", name: expect.any(String) },
        note: "Which version do you record?",
      },
      {
        from: "need_info",
        to: "new",
        at: expect.any(String),
        actor: { kind: "employee", name: expect.any(String) },
        note: "Owner share dispute, client only",
      },
    ]);
    const times = (res.body as { at: string }[]).map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it.each([
    ["client staff", async () => actorFromAuthorization(db(), `Bearer ${client}`)],
    ["an employee", async () => actorFromAuthorization(db(), `Bearer ${staff}`)],
    [
      "the licensee",
      async () => licenseeActor(db(), { accountId, licenseeId: filed.licenseeId }, "lee.events@example.com"),
    ],
  ])("shows %s exactly what the portal shows them", async (_who, actorOf) => {
    const actor = await actorOf();
    const { items, total } = await listRequestEvents(db(), actor, filed.id, { offset: 0, limit: 100 });
    expect(items).toEqual(await portalTimeline(actor));
    expect(total).toBe(3);
  });

  it("never shows the licensee a private note", async () => {
    const lee = await licenseeActor(db(), { accountId, licenseeId: filed.licenseeId }, "lee.private@example.com");
    const { items } = await listRequestEvents(db(), lee, filed.id, { offset: 0, limit: 100 });
    expect(items.map((e) => e.note)).toEqual([null, "Which version do you record?", null]);
    expect((await findRequestView(db(), scopeOf(lee), filed.id)).status.note).toBeNull();
  });

  it("pages like every list", async () => {
    const res = await events(client, filed.id, "offset=1&limit=1");
    expect(res.headers.get("x-total-count")).toBe("3");
    expect(res.body).toMatchObject([{ from: "new", to: "need_info" }]);
    expectProblem(await events(client, filed.id, "limit=0"), 400, "validation_failed");
    expectProblem(await events(client, filed.id, "sort=asc"), 400, "validation_failed");
  });

  it("answers another account's request like a missing one", async () => {
    const { key: other } = await clientKey(db(), "Other Events Records");
    expectProblem(await events(other), 404, "not_found");
    expectProblem(await events(client, 999999), 404, "not_found");
  });
});

describe("the request view carries the latest note", () => {
  it("as status.note", async () => {
    const res = await call(requestRoute.GET, "GET", `/api/requests/${filed.id}`, {
      key: client,
      params: { id: String(filed.id) },
    });
    expect(res.body.status).toMatchObject({ code: "new", note: "Owner share dispute, client only" });
    expect(res.body.medley).toBeNull();
  });
});
