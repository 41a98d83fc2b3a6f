import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as fastTrackRoute from "@/app/api/requests/[id]/fast-track/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import { requests } from "@/db/schema";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { getRequestWorkspace } from "@/lib/staff/request-workspace";
import type { Actor } from "@/lib/auth/actor";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { addSong, linkSong, requestIn } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Reorder Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
});

const trackOf = async (id: number) =>
  (await db().select({ trackId: requests.trackId }).from(requests).where(eq(requests.id, id)))[0]!.trackId;
async function reorder(trackId: number): Promise<number> {
  const body = { formatId: 1001, releaseQuantity: 500, expectedOutletsOfDistribution: null };
  const res = await call(trackRequestsRoute.POST, "POST", `/api/tracks/${trackId}/requests`, {
    key: keys.client,
    body,
    params: { id: String(trackId) },
  });
  expect(res.status).toBe(201);
  return (res.body as { id: number }[])[0]!.id;
}
const fastTrack = (id: number, key = keys.staff) =>
  call(fastTrackRoute.POST, "POST", `/api/requests/${id}/fast-track`, { key, params: { id: String(id) } });

describe("taking a reorder of a licensed track to payment in one action", () => {
  it("moves it new → ready → need_payment, each step on the timeline, the song link carried over", async () => {
    const id = await reorder(await trackOf(await requestIn(keys, "licensed", song)));
    const offered = await getRequestWorkspace(db(), employee, id);
    expect(offered.fastTrack).toBeNull();
    expect(offered.linkedSong?.id).toBe(song.id);
    const res = await fastTrack(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, kind: "reorder", songLinked: true, status: { code: "need_payment" } });
    expect((await requestTimeline(db(), employee, id)).map((s) => s.to.code)).toEqual(["new", "ready", "need_payment"]);
    expect((await getRequestWorkspace(db(), employee, id)).fastTrack).toMatch(/Only a new reorder/);
  });

  it.each([
    ["an initial request", async () => (await fileRequest(keys.client)).id, /Only a reorder/],
    [
      "a reorder of a track licensed nowhere yet",
      async () => reorder(await trackOf(await requestIn(keys, "in_progress", song))),
      /No earlier request of this track is licensed/,
    ],
    [
      "a reorder whose song is not linked",
      async () => reorder((await fileRequest(keys.client)).trackId),
      /not linked to the catalog/,
    ],
  ])("refuses %s (409 invalid_transition, saying why) and leaves it as it was", async (_case, make, why) => {
    const id = await make();
    const res = await fastTrack(id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "invalid_transition" });
    expect(res.body.detail).toMatch(why);
    expect((await db().select({ s: requests.statusCode }).from(requests).where(eq(requests.id, id)))[0]!.s).toBe("new");
  });

  it("is for employees only", async () => {
    const id = await reorder(await trackOf(await requestIn(keys, "licensed", song)));
    expect((await fastTrack(id, keys.client)).status).toBe(403);
    expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
  });
});
