import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { getBilling } from "@/lib/billing/get-billing";
import { countOwing, listOwing, listOwingAlbums, OWING_PAGE_SIZE } from "@/lib/billing/requests-owing";
import { clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { issueInvoice } from "../helpers/money";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// The Billing page lists the requests waiting for an invoice a page at a time, by album, and offers each album
// with something owing to "Invoice an album".
const db = setupTestDb();
let keys: { client: string; staff: string };
let client: Extract<Actor, { kind: "client" }>;
let ids: { zebra: number[]; apple: number[] };

const onAlbum = (album: string | number) =>
  requestBody({
    track:
      typeof album === "string"
        ? { album: { ...requestBody().track.album, title: album } }
        : { album: { id: album }, externalTrackId: "ext-2" },
  });
const albumOf = async (requestId: number) =>
  (
    await db()
      .select({ id: tracks.albumId })
      .from(requests)
      .innerJoin(tracks, eq(tracks.id, requests.trackId))
      .where(eq(requests.id, requestId))
  )[0]!.id;

beforeAll(async () => {
  const label = await clientKey(db(), "Billing Pages Records");
  keys = { client: label.key, staff: await staffKey(db()) };
  client = { kind: "client", name: "Pat", accountId: label.accountId, role: "member", userId: null, apiKeyId: null };
  const song = await addSong(keys.staff, songBody());
  const filed = (album: string | number) => requestIn(keys, "need_payment", song, onAlbum(album));
  const zebra = await filed("Zebra Covers");
  ids = { zebra: [zebra, await filed(await albumOf(zebra))], apple: [await filed("Apple Covers")] };
  // Filed but not yet ready for payment: owes nothing yet.
  await requestIn(keys, "new", song, onAlbum("Mango Covers"));
});

describe("requests waiting for an invoice", () => {
  it("are read by album title then request, a page at a time, and counted", async () => {
    const everyOne = [...ids.apple, ...ids.zebra];
    expect((await listOwing(db(), client)).map((r) => r.id)).toEqual(everyOne);
    const pages = [
      await listOwing(db(), client, { offset: 0, limit: 2 }),
      await listOwing(db(), client, { offset: 2, limit: 2 }),
    ];
    expect(pages.map((p) => p.map((r) => r.id))).toEqual([everyOne.slice(0, 2), everyOne.slice(2)]);
    expect(await countOwing(db(), client)).toBe(3);
    expect(await listOwingAlbums(db(), client)).toEqual([
      expect.objectContaining({ title: "Apple Covers" }),
      expect.objectContaining({ title: "Zebra Covers" }),
    ]);
  });

  it("show on Billing with their total and albums; a page past the end shows the last one", async () => {
    const billing = await getBilling(db(), client, { waiting: 7 });
    expect(billing.awaitingInvoice).toMatchObject({ total: 3, page: 1, pageSize: OWING_PAGE_SIZE });
    expect(billing.awaitingInvoice.items.map((r) => r.id)).toEqual([...ids.apple, ...ids.zebra]);
    expect(billing.awaitingInvoice.items[0]).toMatchObject({
      albumTitle: "Apple Covers",
      topUp: false,
      royalty: "131.00",
      fee: "16.99",
      total: "147.99",
    });
    expect(billing.owingAlbums.map((a) => `${a.title} by ${a.artist}`)).toEqual([
      "Apple Covers by The Test Band",
      "Zebra Covers by The Test Band",
    ]);
  });

  it("leave the list, and their album the albums offered, once invoiced", async () => {
    expect((await issueInvoice(keys.client, ids.apple)).status).toBe(201);
    const billing = await getBilling(db(), client);
    expect(billing.awaitingInvoice).toMatchObject({ total: 2, page: 1 });
    expect(billing.awaitingInvoice.items.map((r) => r.id)).toEqual(ids.zebra);
    expect(billing.owingAlbums.map((a) => a.title)).toEqual(["Zebra Covers"]);
    expect((await issueInvoice(keys.client, ids.zebra)).status).toBe(201);
    expect((await getBilling(db(), client, { waiting: 2 })).awaitingInvoice).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: OWING_PAGE_SIZE,
    });
  });
});
