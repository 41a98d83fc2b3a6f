import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requests, requestStatusEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { listQueue } from "@/lib/staff/list-queue";
import { queueHref, queueQuery } from "@/lib/staff/queue-query";
import { clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { addSong, requestIn, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";
import { postToWall } from "../helpers/wall";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let keys: { client: string; staff: string };
let accountId: number;
const ids = {} as Record<"cd" | "stream" | "info" | "ready", number>;
const DAY = 86_400_000;

const filed = (title: string, release: Record<string, unknown>) =>
  requestBody({ track: { song: { title, originalRecordingArtist: "Someone" }, releases: [release] } });
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  const client = await clientKey(db(), "Triage Records");
  accountId = client.accountId;
  keys = { client: client.key, staff: await staffKey(db()) };
  const song = await addSong(keys.staff);
  ids.cd = (await fileRequest(keys.client, filed("Bravo on CD", { formatId: 1001, releaseQuantity: 500 }))).id;
  ids.stream = (
    await fileRequest(
      keys.client,
      filed("Alpha Streams", { formatId: 1003, releaseQuantity: 20000, expectedOutletsOfDistribution: "Bandcamp" }),
    )
  ).id;
  ids.info = (await fileRequest(keys.client, filed("Charlie Asks", { formatId: 1002, releaseQuantity: 3000 }))).id;
  ids.ready = await requestIn(keys, "ready", song, filed("Delta Ready", { formatId: 1002, releaseQuantity: 1000 }));
  expect((await setStatus(keys.staff, ids.info, { code: "need_info", note: "Which version is it?" })).status).toBe(200);
  // Filed 10, 9, 8 and 7 days ago; each entered its current status 1, 2, 3 or 4 days ago.
  for (const [i, id] of [ids.cd, ids.stream, ids.info, ids.ready].entries()) {
    await db()
      .update(requests)
      .set({ dateAdded: daysAgo(10 - i) })
      .where(eq(requests.id, id));
    await db()
      .update(requestStatusEvents)
      .set({ dateAdded: daysAgo(i + 1) })
      .where(eq(requestStatusEvents.requestId, id));
  }
});

const queue = (query: Record<string, string> = {}) =>
  listQueue(db(), employee, queueQuery.parse({ account: String(accountId), ...query }));
const order = async (query: Record<string, string>) => (await queue(query)).items.map((i) => i.songTitle);

describe("the queue's columns", () => {
  it("show format, units, royalty, time in status and whose move it is", async () => {
    const byId = new Map((await queue()).items.map((i) => [i.id, i]));
    expect(byId.get(ids.stream)).toMatchObject({
      formatTitle: "Interactive Audio Streams",
      units: 20000,
      royaltyTotal: "200.00",
      daysInStatus: 2,
      waitingOn: "us",
    });
    expect(byId.get(ids.cd)).toMatchObject({
      formatTitle: "Compact Discs",
      units: 500,
      daysInStatus: 1,
      ageDays: 10,
      waitingOn: "us",
    });
    expect(byId.get(ids.info)).toMatchObject({ statusCode: "need_info", daysInStatus: 3, waitingOn: "client" });
    expect(byId.get(ids.ready)).toMatchObject({ statusCode: "ready", daysInStatus: 4, waitingOn: "us" });
  });
});

describe("sorting the queue by a column", () => {
  it.each([
    [{}, ["Bravo on CD", "Alpha Streams", "Charlie Asks", "Delta Ready"]],
    [{ dir: "desc" }, ["Delta Ready", "Charlie Asks", "Alpha Streams", "Bravo on CD"]],
    [{ sort: "song" }, ["Alpha Streams", "Bravo on CD", "Charlie Asks", "Delta Ready"]],
    [{ sort: "units", dir: "desc" }, ["Alpha Streams", "Charlie Asks", "Delta Ready", "Bravo on CD"]],
    [{ sort: "royalty" }, ["Bravo on CD", "Delta Ready", "Alpha Streams", "Charlie Asks"]],
    [{ sort: "format" }, ["Bravo on CD", "Charlie Asks", "Delta Ready", "Alpha Streams"]],
    [{ sort: "status" }, ["Bravo on CD", "Alpha Streams", "Charlie Asks", "Delta Ready"]],
    [{ sort: "inStatus", dir: "desc" }, ["Delta Ready", "Charlie Asks", "Alpha Streams", "Bravo on CD"]],
    [{ sort: "inStatus" }, ["Bravo on CD", "Alpha Streams", "Charlie Asks", "Delta Ready"]],
    [{ sort: "id", dir: "desc" }, ["Delta Ready", "Charlie Asks", "Alpha Streams", "Bravo on CD"]],
  ])("%j", async (query, expected) => {
    expect(await order(query)).toEqual(expected);
  });

  it("refuses an order it does not know", () => {
    expect(queueQuery.safeParse({ sort: "colour" }).success).toBe(false);
    expect(queueQuery.safeParse({ dir: "up" }).success).toBe(false);
  });

  it("keeps the filters in the address of a page or an order, and leaves out the defaults", () => {
    const query = queueQuery.parse({ waiting: "client", q: "jolene", sort: "royalty", dir: "desc", page: "3" });
    expect(queueHref(query, { sort: "units", dir: "asc", page: 1 })).toBe(
      "/staff/queue?status=open&waiting=client&sort=units&q=jolene",
    );
    expect(queueHref(query)).toBe("/staff/queue?status=open&waiting=client&sort=royalty&dir=desc&q=jolene&page=3");
  });
});

describe("waiting on us, waiting on the client", () => {
  it.each([
    ["us", ["Bravo on CD", "Alpha Streams", "Delta Ready"]],
    ["client", ["Charlie Asks"]],
  ])("waiting=%s", async (waiting, expected) => {
    expect(await order({ waiting })).toEqual(expected);
  });
});

describe("the client-replied marker", () => {
  it("shows once the client writes on the wall after the service's last word, and goes when staff answer", async () => {
    const replied = async () => (await queue()).items.find((i) => i.id === ids.info)!.clientReplied;
    const trackId = await trackOf(ids.info);
    expect(await replied()).toBe(false);
    expect((await postToWall(keys.client, trackId, { message: "It is the 1970 version." })).status).toBe(201);
    expect(await replied()).toBe(true);
    expect((await queue()).items.filter((i) => i.clientReplied).map((i) => i.id)).toEqual([ids.info]);
    expect((await postToWall(keys.staff, trackId, { message: "Thanks, found it." })).status).toBe(201);
    expect(await replied()).toBe(false);
  });
});

async function trackOf(requestId: number): Promise<number> {
  const [row] = await db().select({ trackId: requests.trackId }).from(requests).where(eq(requests.id, requestId));
  return row!.trackId;
}
