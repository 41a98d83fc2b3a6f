import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as noticesListRoute from "@/app/api/notices/route";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import { requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { setClock } from "@/lib/clock";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { addSong, linkSong, payAndBegin, serve, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
afterAll(() => setClock(undefined));

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Deadline Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
});

/**
 * Files a request at `filedAt` (the service's clock and the stored filing time) for a release month (or the generated
 * one), and with `inProgress` begins licensing, which creates its notices.
 */
async function fileAt(
  filedAt: string,
  release: { releaseMonth: number; releaseYear: number } | null,
  title = "Deadline Song",
  inProgress = true,
) {
  setClock(new Date(filedAt));
  const { id } = await fileRequest(
    keys.client,
    requestBody({
      track: {
        song: { title, originalRecordingArtist: "Someone" },
        releases: [{ formatId: 1002, releaseQuantity: 10, ...release }],
      },
    }),
  );
  await db()
    .update(requests)
    .set({ dateAdded: new Date(filedAt) })
    .where(eq(requests.id, id));
  if (inProgress) {
    await linkSong(keys.staff, id, song.id);
    await setStatus(keys.staff, id, { code: "ready" });
    await payAndBegin(keys, id);
  }
  return id;
}

const notices = (id: number) =>
  call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key: keys.staff, params: { id: String(id) } });
const allNotices = (query: string, key = keys.staff) =>
  call(noticesListRoute.GET, "GET", "/api/notices", { key, query });

describe("a notice's dueOn (docs/product-rules.md, 'When a notice is due': served before the release month begins)", () => {
  it.each([
    [
      "a release next month: the last day before it",
      "2026-03-10T15:00:00Z",
      { releaseMonth: 4, releaseYear: 2026 },
      "2026-03-31",
    ],
    ["a release in a later month", "2026-03-10T15:00:00Z", { releaseMonth: 6, releaseYear: 2026 }, "2026-05-31"],
    [
      "a release this month (before the 20th): the day it was filed",
      "2026-03-10T15:00:00Z",
      { releaseMonth: 3, releaseYear: 2026 },
      "2026-03-10",
    ],
    ["the generated month before the 20th is this month: the filing day", "2026-03-19T15:00:00Z", null, "2026-03-19"],
    ["the generated month from the 20th is next month", "2026-03-22T15:00:00Z", null, "2026-03-31"],
    ["across a year end", "2026-12-05T15:00:00Z", { releaseMonth: 1, releaseYear: 2027 }, "2026-12-31"],
    ["a leap February", "2028-02-10T15:00:00Z", { releaseMonth: 3, releaseYear: 2028 }, "2028-02-29"],
    // 05:30 UTC on March 1 is still February 28 in Chicago: the service's calendar decides the filing day.
    [
      "filed late at night in the service's calendar",
      "2026-03-01T05:30:00Z",
      { releaseMonth: 3, releaseYear: 2026 },
      "2026-02-28",
    ],
  ] as const)("%s", async (_what, filedAt, release, dueOn) => {
    const id = await fileAt(filedAt, release);
    const res = await notices(id);
    expect(res.status).toBe(200);
    expect(res.body.map((n: { dueOn: string }) => n.dueOn)).toEqual([dueOn, dueOn]);
  });

  it("is overdue once the due date has passed and the notice is not served; a served one is not", async () => {
    const id = await fileAt("2026-04-02T15:00:00Z", { releaseMonth: 5, releaseYear: 2026 });
    const overdue = (body: { overdue: boolean }[]) => body.map((n) => n.overdue);
    setClock(new Date("2026-04-30T15:00:00Z")); // the due day itself: still in time
    expect(overdue((await notices(id)).body)).toEqual([false, false]);
    await serve(keys.staff, id, song.owners[0]!.id);
    setClock(new Date("2026-05-01T15:00:00Z"));
    expect(overdue((await notices(id)).body)).toEqual([false, true]);
  });
});

describe("GET /api/notices?served=false", () => {
  let ids: { late: number; soon: number; later: number; notYet: number; served: number };
  beforeAll(async () => {
    // Its own account and time: the notices of the tests above are months earlier.
    ids = {
      later: await fileAt("2030-01-03T15:00:00Z", { releaseMonth: 3, releaseYear: 2030 }, "Later"),
      late: await fileAt("2030-01-03T15:00:00Z", { releaseMonth: 1, releaseYear: 2030 }, "Late"),
      soon: await fileAt("2030-01-03T15:00:00Z", { releaseMonth: 2, releaseYear: 2030 }, "Soon"),
      notYet: await fileAt(
        "2030-01-03T15:00:00Z",
        { releaseMonth: 2, releaseYear: 2030 },
        "Not yet in licensing",
        false,
      ),
      served: await fileAt("2030-01-03T15:00:00Z", { releaseMonth: 2, releaseYear: 2030 }, "Served"),
    };
    for (const owner of song.owners) await serve(keys.staff, ids.served, owner.id);
    setClock(new Date("2030-01-27T15:00:00Z"));
  });

  it("lists unserved notices across requests, soonest dueOn first, with X-Total-Count", async () => {
    const res = await allNotices("served=false");
    expect(res.status).toBe(200);
    const ours = res.body.filter((n: { dueOn: string }) => n.dueOn >= "2030-01-01");
    expect(
      ours.map((n: { requestId: number; dueOn: string; overdue: boolean }) => [n.requestId, n.dueOn, n.overdue]),
    ).toEqual([
      [ids.late, "2030-01-03", true],
      [ids.late, "2030-01-03", true],
      [ids.soon, "2030-01-31", false],
      [ids.soon, "2030-01-31", false],
      [ids.later, "2030-02-28", false],
      [ids.later, "2030-02-28", false],
    ]);
    expect(res.body.every((n: { served: boolean }) => !n.served)).toBe(true);
    const dueDates = res.body.map((n: { dueOn: string }) => n.dueOn);
    expect(dueDates).toEqual([...dueDates].sort());
    expect(Number(res.headers.get("x-total-count"))).toBe(res.body.length);
    expect(ours[0]).toMatchObject({
      songTitle: "Late",
      ownerName: "Harbor Music Publishing",
      share: 60,
      route: "owner",
    });
  });

  it("pages like the other lists", async () => {
    const all = (await allNotices("served=false")).body as unknown[];
    const page = await allNotices("served=false&offset=1&limit=2");
    expect(page.body).toEqual(all.slice(1, 3));
    expect(page.headers.get("x-total-count")).toBe(String(all.length));
    const served = await allNotices("served=true");
    expect(served.body.filter((n: { requestId: number }) => n.requestId === ids.served)).toHaveLength(2);
  });

  it("pages by cursor (dueOn, then id): a request begun between pages is neither repeated nor skipped", async () => {
    const key = (n: { requestId: number; ownerId: number }) => `${n.requestId}/${n.ownerId}`;
    const all = ((await allNotices("served=false")).body as { requestId: number; ownerId: number }[]).map(key);
    let res = await allNotices("served=false&limit=2");
    const seen = (res.body as { requestId: number; ownerId: number }[]).map(key);
    // Due in December 2029: after page 1 (the earlier tests' notices), before this block's own (which later tests count).
    const begun = await fileAt("2029-12-03T15:00:00Z", { releaseMonth: 1, releaseYear: 2030 }, "Begun meanwhile");
    setClock(new Date("2030-01-27T15:00:00Z"));
    for (let next = res.headers.get("x-next-cursor"); next; next = res.headers.get("x-next-cursor")) {
      res = await allNotices(`served=false&limit=2&after=${next}`);
      expect(res.status).toBe(200);
      seen.push(...(res.body as { requestId: number; ownerId: number }[]).map(key));
    }
    expect(res.headers.get("link")).toBeNull();
    const now = ((await allNotices("served=false")).body as { requestId: number; ownerId: number }[]).map(key);
    expect(now).toEqual(expect.arrayContaining(all));
    expect(now).toEqual(expect.arrayContaining(song.owners.map((o) => `${begun}/${o.id}`)));
    expect(seen.slice(0, 2)).toEqual(all.slice(0, 2));
    expect(seen).toEqual(now);
    const wrong = await allNotices("served=false&after=bm90LW91cnM");
    expect([wrong.status, wrong.body.errors?.[0]?.path]).toEqual([400, "after"]);
  });

  it("refuses client keys and bad or unknown parameters", async () => {
    expect((await allNotices("served=false", keys.client)).body.code).toBe("forbidden");
    for (const query of ["served=maybe", "limit=abc", "sort=sideways"]) {
      const res = await allNotices(query);
      expect([query, res.status, res.body.code]).toEqual([query, 400, "validation_failed"]);
    }
  });

  it("the queue shows each open request's deadline, filters by it and sorts by it; the dashboard counts them", async () => {
    const queue = async (q: Record<string, string>) =>
      (await listQueue(db(), employee, queueQuery.parse(q))).items.filter((i) => i.dueOn >= "2030-01-01");
    const byDue = await queue({ sort: "due" });
    expect(byDue.map((i) => [i.songTitle, i.dueOn, i.deadline])).toEqual([
      ["Late", "2030-01-03", "overdue"],
      ["Soon", "2030-01-31", "soon"],
      ["Not yet in licensing", "2030-01-31", "soon"],
      ["Later", "2030-02-28", null],
    ]);
    expect((await queue({ due: "overdue" })).map((i) => i.songTitle)).toEqual(["Late"]);
    expect((await queue({ due: "soon", sort: "due" })).map((i) => i.songTitle)).toEqual([
      "Soon",
      "Not yet in licensing",
    ]);
    const dashboard = await getDashboard(db(), employee);
    expect(dashboard.kind === "employee" && dashboard.deadlines).toEqual({
      overdue: (await listQueue(db(), employee, queueQuery.parse({ due: "overdue" }))).total,
      soon: (await listQueue(db(), employee, queueQuery.parse({ due: "soon" }))).total,
    });
  });
});
