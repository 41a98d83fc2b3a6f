import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { setClock } from "@/lib/clock";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { getRequestWorkspace } from "@/lib/staff/request-workspace";
import { clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { addSong, requestIn } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let keys: { client: string; staff: string };
let accounts: { a: number; b: number };
let song: Awaited<ReturnType<typeof addSong>>;
const NOW = new Date("2026-03-10T12:00:00Z");
afterAll(() => setClock(undefined));

const withTitle = (title: string) => requestBody({ track: { song: { title, originalRecordingArtist: "Someone" } } });
const filedAgo = (id: number, days: number) =>
  db()
    .update(requests)
    .set({ dateAdded: new Date(NOW.getTime() - days * 86_400_000) })
    .where(eq(requests.id, id));

beforeAll(async () => {
  setClock(NOW);
  const a = await clientKey(db(), "Queue Alpha");
  const b = await clientKey(db(), "Queue Beta");
  keys = { client: a.key, staff: await staffKey(db()) };
  accounts = { a: a.accountId, b: b.accountId };
  song = await addSong(keys.staff);
  await filedAgo((await fileRequest(a.key, withTitle("Oldest Alpha"))).id, 40);
  await filedAgo((await fileRequest(b.key, withTitle("Week-old Beta"))).id, 8);
  await filedAgo((await fileRequest(a.key, withTitle("Fresh Alpha"))).id, 0.5);
  await filedAgo(await requestIn(keys, "cancelled", song), 0.25);
});

const titles = async (query: Record<string, string>) =>
  (await listQueue(db(), employee, queueQuery.parse(query))).items.map((i) => i.songTitle);

describe("the staff queue", () => {
  it("shows open requests of every account, the longest waiting first, with their age", async () => {
    const { items, total } = await listQueue(db(), employee, queueQuery.parse({}));
    expect(items.map((i) => i.songTitle)).toEqual(["Oldest Alpha", "Week-old Beta", "Fresh Alpha"]);
    expect(total).toBe(3);
    expect(items.map((i) => [i.accountName, i.ageDays])).toEqual([
      ["Queue Alpha", 40],
      ["Queue Beta", 8],
      ["Queue Alpha", 0],
    ]);
  });

  it("filters by status, account and age", async () => {
    expect(await titles({ status: "cancelled" })).toEqual(["Yesterday"]);
    expect(await titles({ status: "all" })).toHaveLength(4);
    expect(await titles({ account: String(accounts.b) })).toEqual(["Week-old Beta"]);
    expect(await titles({ age: "7" })).toEqual(["Oldest Alpha", "Week-old Beta"]);
    expect(await titles({ age: "30", account: String(accounts.a) })).toEqual(["Oldest Alpha"]);
  });

  it("pages by 100 and refuses filters it does not know", async () => {
    expect(await titles({ page: "2" })).toEqual([]);
    expect(queueQuery.safeParse({ status: "sideways" }).success).toBe(false);
    expect(queueQuery.safeParse({ age: "3" }).success).toBe(false);
  });

  it("is for employees only", async () => {
    const client: Actor = {
      kind: "client",
      name: "C",
      accountId: accounts.a,
      role: "admin",
      userId: null,
      apiKeyId: null,
    };
    await expect(listQueue(db(), client, queueQuery.parse({}))).rejects.toMatchObject({ code: "forbidden" });
    await expect(getRequestWorkspace(db(), client, 1)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("the staff request workspace", () => {
  it("offers only the employee's next moves, and linking until licensing begins", async () => {
    const fresh = await getRequestWorkspace(db(), employee, (await fileRequest(keys.client)).id);
    expect(fresh.actions.changeStatus.nextStatuses).toEqual(["need_info", "ready", "cannot_license"]);
    expect(fresh.linkLocked).toBeNull();
    expect(fresh.linkedSong).toBeNull();

    const started = await getRequestWorkspace(db(), employee, await requestIn(keys, "in_progress", song));
    expect(started.actions.changeStatus.nextStatuses).toEqual(["cannot_license"]);
    expect(started.linkLocked).toMatch(/Licensing has begun/);
    expect(started.linkedSong?.title).toBe("Moonlight Harbor");
    expect(started.notices.map((n) => n.ownerName)).toEqual(["Harbor Music Publishing", "Ben Composer Songs"]);
    expect(started.timeline.map((t) => t.to.code)).toEqual(["new", "ready", "need_payment", "in_progress"]);
  });

  it("offers no linking on a cancelled or cannot-license request, and says why", async () => {
    for (const status of ["cancelled", "cannot_license"] as const) {
      const closed = await getRequestWorkspace(db(), employee, await requestIn(keys, status, song));
      expect(closed.linkLocked).toMatch(/so it is not linked to a catalog song/);
      expect(closed.suggestions).toEqual([]);
    }
  });

  it("is 404 for a request that does not exist", async () => {
    await expect(getRequestWorkspace(db(), employee, 987654)).rejects.toMatchObject({ code: "not_found" });
  });
});
