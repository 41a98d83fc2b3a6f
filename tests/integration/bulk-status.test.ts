import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as bulkRoute from "@/app/api/requests/status/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { ownerNotices, requests, wallPosts } from "@/db/schema";
import { deadlineWindow } from "@/lib/licensing/notice-due-on";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { invoiceAndPay } from "../helpers/money";
import { expectProblem } from "../helpers/problem";
import { addSong, linkSong, requestIn, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Issue 21: staff move several requests at once, each in its own transaction with the rules of a move one at a time.
const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Bulk Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
});

const bulk = (body: unknown, key = keys.staff) => call(bulkRoute.POST, "POST", "/api/requests/status", { key, body });
const statusOf = async (id: number) =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } })).body
    .status.code;

describe("POST /api/requests/status", () => {
  it("moves the allowed requests and reports each refused one with its code and detail, in the order given", async () => {
    const linked = await requestIn(keys, "new", song);
    const unlinked = await requestIn(keys, "new", song);
    const cancelled = await requestIn(keys, "cancelled", song);
    await linkSong(keys.staff, linked, song.id);

    const res = await bulk({ requestIds: [linked, unlinked, cancelled, 999999], code: "ready" });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: linked, ok: true },
      { id: unlinked, ok: false, code: "invalid_transition", detail: expect.stringMatching(/song/i) },
      { id: cancelled, ok: false, code: "invalid_transition", detail: expect.stringContaining('"Cancelled"') },
      { id: 999999, ok: false, code: "not_found", detail: expect.any(String) },
    ]);
    expect([await statusOf(linked), await statusOf(unlinked), await statusOf(cancelled)]).toEqual([
      "ready",
      "new",
      "cancelled",
    ]);
  });

  it("asks for info on each with one message, posted publicly on each album's wall", async () => {
    const a = await fileRequest(keys.client);
    const b = await fileRequest(
      keys.client,
      requestBody({
        track: { album: { title: "Second", artist: "B", licensee: { lastName: "Bee", email: "b@example.com" } } },
      }),
    );
    const res = await bulk({ requestIds: [a.id, b.id], code: "need_info", note: "Which arrangement do you record?" });
    expect(res.body.results).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: true },
    ]);
    const posts = await db()
      .select()
      .from(wallPosts)
      .where(inArray(wallPosts.albumId, [a.albumId, b.albumId]));
    expect(posts.map((p) => [p.albumId, p.message, p.visibility]).sort()).toEqual(
      [
        [a.albumId, "Which arrangement do you record?", "public"],
        [b.albumId, "Which arrangement do you record?", "public"],
      ].sort(),
    );
  });

  it("refuses to begin licensing on an unpaid one, and serves every open notice of a selection, licensing each", async () => {
    const paid = await requestIn(keys, "need_payment", song);
    const unpaid = await requestIn(keys, "need_payment", song);
    await invoiceAndPay(keys, [paid]); // paid in full: its licensing begins by itself
    const begin = await bulk({ requestIds: [paid, unpaid], code: "in_progress" });
    expect(begin.body.results).toEqual([
      { id: paid, ok: false, code: "invalid_transition", detail: expect.stringContaining("Licensing in progress") },
      { id: unpaid, ok: false, code: "not_paid", detail: expect.stringMatching(/paid|invoice/i) },
    ]);

    const other = await requestIn(keys, "in_progress", song);
    const serve = await bulk({
      requestIds: [paid, other, unpaid],
      code: "serve_notices",
      method: "mail",
      carrier: "USPS",
    });
    expect(serve.body.results).toEqual([
      { id: paid, ok: true },
      { id: other, ok: true },
      {
        id: unpaid,
        ok: false,
        code: "invalid_transition",
        detail: expect.stringContaining("while licensing is in progress"),
      },
    ]);
    expect([await statusOf(paid), await statusOf(other), await statusOf(unpaid)]).toEqual([
      "licensed",
      "licensed",
      "need_payment",
    ]);
    const notices = await db().select().from(ownerNotices).where(eq(ownerNotices.requestId, paid));
    expect(notices.map((n) => n.servedAt !== null)).toEqual([true, true]);
  });

  it("serves the notices on the day and in the way given, each request checked against its own filing day", async () => {
    const day = (offset: number) => deadlineWindow(new Date(Date.now() + offset * 86_400_000)).today;
    // Filed 9 and 2 days ago (the database stamps a request's filing time).
    const early = await requestIn(keys, "in_progress", song);
    const late = await requestIn(keys, "in_progress", song);
    for (const [id, daysAgo] of [
      [early, 9],
      [late, 2],
    ] as const)
      await db()
        .update(requests)
        .set({ dateAdded: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(requests.id, id));

    const res = await bulk({
      requestIds: [early, late],
      code: "serve_notices",
      servedOn: day(-5),
      method: "mail",
      carrier: "USPS Certified Mail",
      note: "Certified mail, batch 7",
    });
    expect(res.body.results).toEqual([
      { id: early, ok: true },
      {
        id: late,
        ok: false,
        code: "validation_failed",
        detail: expect.stringContaining(`must not be before the request was filed (${day(-2)})`),
      },
    ]);
    const notices = await db().select().from(ownerNotices).where(eq(ownerNotices.requestId, early));
    expect(notices.map((n) => [n.servedOn, n.servedMethod, n.servedNote])).toEqual(
      notices.map(() => [day(-5), "mail", "Certified mail, batch 7"]),
    );
    expect([await statusOf(early), await statusOf(late)]).toEqual(["licensed", "in_progress"]);

    const future = await bulk({ requestIds: [late], code: "serve_notices", servedOn: day(1), carrier: "USPS" });
    expect(future.body.results).toEqual([
      { id: late, ok: false, code: "validation_failed", detail: expect.stringContaining("must not be in the future") },
    ]);
  });

  it.each([
    ["a day served with another move", { requestIds: [1], code: "ready", servedOn: "2026-01-05" }, "servedOn"],
    ["a way of serving with another move", { requestIds: [1], code: "in_progress", method: "mail" }, "method"],
    ["serving by mail without a carrier", { requestIds: [1], code: "serve_notices", method: "mail" }, "carrier"],
    ["a carrier with another move", { requestIds: [1], code: "ready", carrier: "USPS" }, "carrier"],
    [
      "a late notice's attestation with another move",
      {
        requestIds: [1],
        code: "ready",
        lateAttestation: { noCopiesDistributed: true, madeWithin30Days: true, note: "x" },
      },
      "lateAttestation",
    ],
    ["an unknown way of serving", { requestIds: [1], code: "serve_notices", method: "pigeon" }, "method"],
    [
      "a day that is not a date",
      { requestIds: [1], code: "serve_notices", servedOn: "05/01/2026", carrier: "USPS" },
      "servedOn",
    ],
    ["an empty selection", { requestIds: [], code: "ready" }, "requestIds"],
    ["a request listed twice", { requestIds: [1, 1], code: "ready" }, "requestIds"],
    [
      "more than 100 requests",
      { requestIds: Array.from({ length: 101 }, (_, i) => i + 1), code: "ready" },
      "requestIds",
    ],
    ["an unknown move", { requestIds: [1], code: "done" }, "code"],
    ["a reason without cannot_license", { requestIds: [1], code: "ready", reason: "other" }, "reason"],
    ["cannot_license without a reason", { requestIds: [1], code: "cannot_license" }, "reason"],
    ["need_info without the message for the wall", { requestIds: [1], code: "need_info" }, "note"],
    ["need_info with a private message", { requestIds: [1], code: "need_info", note: "x", notePrivate: true }, "note"],
    ["a misspelt key", { requestIds: [1], code: "ready", nots: "x" }, "nots"],
  ])("refuses %s as a whole (400, nothing moves)", async (_case, body, path) => {
    const res = await bulk(body);
    expect(expectProblem(res, 400, "validation_failed").errors!.map((e) => e.path)).toContain(path);
  });

  it("is for employees only", async () => {
    const a = await requestIn(keys, "new", song);
    expectProblem(
      await bulk({ requestIds: [a], code: "cannot_license", reason: "other" }, keys.client),
      403,
      "forbidden",
    );
    expect(await statusOf(a)).toBe("new");
    expect((await setStatus(keys.staff, a, { code: "cannot_license", reason: "other" })).status).toBe(200);
  });
});
