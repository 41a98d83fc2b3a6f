import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestStatusEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { setClock } from "@/lib/clock";
import { getRequestProgress } from "@/lib/requests/get-request-progress";
import { recentStatusDurations, statusDurations } from "@/lib/requests/status-durations";
import { clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { addSong, linkSong, requestIn, serve, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const DAY = 86_400_000;
let keys: { client: string; staff: string };
let client: Actor;
let song: Awaited<ReturnType<typeof addSong>>;
let history: number[];
afterAll(() => setClock(undefined));

/** Rewrites a request's status events to happen `offsets` days before now, in order. */
async function backdate(requestId: number, offsets: number[]) {
  const events = await db()
    .select({ id: requestStatusEvents.id })
    .from(requestStatusEvents)
    .where(eq(requestStatusEvents.requestId, requestId))
    .orderBy(requestStatusEvents.id);
  expect(events).toHaveLength(offsets.length);
  for (const [i, e] of events.entries()) {
    await db()
      .update(requestStatusEvents)
      .set({ dateAdded: new Date(Date.now() - offsets[i]! * DAY) })
      .where(eq(requestStatusEvents.id, e.id));
  }
}

beforeAll(async () => {
  const account = await clientKey(db(), "Progress Records");
  keys = { client: account.key, staff: await staffKey(db()) };
  client = { kind: "client", name: "C", accountId: account.accountId, role: "member", userId: null, apiKeyId: null };
  song = await addSong(keys.staff, songBody({ title: "Slow Harbor" }));
  // Three licensed requests: new → ready → need_payment → in_progress → licensed, each stay of known length.
  history = [
    await requestIn(keys, "licensed", song),
    await requestIn(keys, "licensed", song),
    await requestIn(keys, "licensed", song),
  ];
  await backdate(history[0]!, [30, 28, 27, 25, 20]); // new 2, ready 1, need_payment 2, in_progress 5
  await backdate(history[1]!, [40, 36, 35, 34, 24]); // new 4, ready 1, need_payment 1, in_progress 10
  await backdate(history[2]!, [20, 17, 15, 12, 5]); // new 3, ready 2, need_payment 3, in_progress 7
});

describe("the service's history of time per status", () => {
  it("takes quartiles of each stay that ended in the last 90 days, and counts the requests", async () => {
    const { byStatus, basedOn } = await statusDurations(db());
    const inDays = (s: "new" | "in_progress") =>
      Object.values(byStatus.get(s)!).map((ms) => Math.round((ms / DAY) * 100) / 100);
    expect(inDays("new")).toEqual([2.5, 3, 3.5]);
    expect(inDays("in_progress")).toEqual([6, 7, 8.5]);
    expect(basedOn).toBe(3);
  });

  it("forgets stays that ended more than 90 days ago", async () => {
    setClock(new Date(Date.now() + 200 * DAY));
    try {
      expect(await statusDurations(db())).toEqual({ byStatus: new Map(), basedOn: 0 });
    } finally {
      setClock(undefined);
    }
  });

  it("are kept for pages ten minutes, then read again while the kept ones still answer", async () => {
    const start = Date.now();
    const kept = await recentStatusDurations(db());
    expect(kept.basedOn).toBe(3);
    await backdate(history[2]!, [200, 197, 195, 192, 185]); // its stays end outside the window now
    try {
      setClock(new Date(start + 9 * 60_000));
      expect(await recentStatusDurations(db())).toBe(kept);
      setClock(new Date(start + 11 * 60_000));
      expect(await recentStatusDurations(db())).toBe(kept); // answered at once; the read starts behind it
      await expect.poll(async () => (await recentStatusDurations(db())).basedOn).toBe(2);
    } finally {
      await backdate(history[2]!, [20, 17, 15, 12, 5]);
      setClock(new Date(start + 22 * 60_000)); // the next tests' estimates count the three again
      await expect.poll(async () => (await recentStatusDurations(db())).basedOn).toBe(3);
      setClock(undefined);
    }
  });
});

describe("a request's progress, as its client sees it", () => {
  it("lists no owners before research links the song, then each owner unserved, then the served one", async () => {
    const { id } = await fileRequest(keys.client);
    const fresh = await getRequestProgress(db(), client, id);
    expect(fresh).toMatchObject({ owners: null, open: true });
    // A new request: the rest of `new` and every stay after it, at the quartiles.
    const days = (d: Date) => Math.round(((d.getTime() - Date.now()) / DAY) * 10) / 10;
    expect(
      fresh.estimate && [days(fresh.estimate.earliest), days(fresh.estimate.latest), fresh.estimate.basedOn],
    ).toEqual([11, 16, 3]);

    const twoOwners = await addSong(keys.staff, songBody({ title: "Two Owner Tune" }));
    expect((await linkSong(keys.staff, id, twoOwners.id)).status).toBe(200);
    expect((await getRequestProgress(db(), client, id)).owners).toEqual([
      { name: "Harbor Music Publishing", share: 60, servedAt: null },
      { name: "Ben Composer Songs", share: 40, servedAt: null },
    ]);

    const begun = await requestIn(keys, "in_progress", twoOwners);
    expect((await serve(keys.staff, begun, twoOwners.owners[0]!.id)).status).toBe(200);
    const { owners, estimate, open } = await getRequestProgress(db(), client, begun);
    expect(owners).toEqual([
      { name: "Harbor Music Publishing", share: 60, servedAt: expect.any(Date) },
      { name: "Ben Composer Songs", share: 40, servedAt: null },
    ]);
    expect(open).toBe(true);
    expect(estimate && [days(estimate.earliest), days(estimate.latest)]).toEqual([6, 8.5]);
  });

  it("has no estimate once licensed, and is not found for another account", async () => {
    const done = await getRequestProgress(db(), client, history[0]!);
    expect(done).toMatchObject({ open: false, estimate: null });
    expect(done.owners?.every((o) => o.servedAt !== null)).toBe(true);
    const other = await clientKey(db(), "Nosy Progress");
    const stranger: Actor = {
      kind: "client",
      name: "N",
      accountId: other.accountId,
      role: "admin",
      userId: null,
      apiKeyId: null,
    };
    await expect(getRequestProgress(db(), stranger, history[0]!)).rejects.toMatchObject({ code: "not_found" });
  });
});
