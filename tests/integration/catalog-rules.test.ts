import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { licenseDocument } from "@/lib/licensing/license-document";
import { listSongRequests } from "@/lib/staff/list-song-requests";
import { songInputSchema } from "@/lib/songs/schemas";
import { updateSong } from "@/lib/songs/update-song";
import * as songsRoute from "@/app/api/songs/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { pdfText } from "../helpers/pdf-text";
import { addSong, linkSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let keys: { client: string; staff: string };
let other: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  const staff = await staffKey(db());
  keys = { client: (await clientKey(db(), "Catalog Records")).key, staff };
  other = { client: (await clientKey(db(), "Other Label")).key, staff };
  song = await addSong(staff, songBody({ title: "Harbor Lights Again" }));
});

describe("linking a catalog song to a closed request", () => {
  it.each(["cancelled", "cannot_license"] as const)(
    "is refused for a %s request (409 request_closed), and nothing is linked",
    async (status) => {
      const id = await requestIn(keys, status, song);
      const res = await linkSong(keys.staff, id, song.id);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "request_closed" });
      expect(res.body.detail).toMatch(/not linked to a catalog song/);
      expect((await listSongRequests(db(), employee, song.id, 100)).items.map((r) => r.id)).not.toContain(id);
    },
  );
});

describe("a catalog song's linked requests", () => {
  it("lists every account's requests linked to the song, newest first, with the total", async () => {
    const mine = await requestIn(keys, "ready", song);
    const theirs = await requestIn(other, "licensed", song);
    const unlinked = (await fileRequest(keys.client)).id;
    const { items, total } = await listSongRequests(db(), employee, song.id, 100);
    expect(items.slice(0, 2)).toEqual([
      expect.objectContaining({
        id: theirs,
        status: "licensed",
        accountName: "Other Label",
        albumTitle: "Covers Vol. 1",
      }),
      expect.objectContaining({ id: mine, status: "ready", accountName: "Catalog Records" }),
    ]);
    expect(items.map((r) => r.id)).not.toContain(unlinked);
    expect(total).toBe(items.length);
    const firstOnly = await listSongRequests(db(), employee, song.id, 1);
    expect(firstOnly).toMatchObject({ items: [{ id: theirs }], total });
  });

  it("is for employees only", async () => {
    const client: Actor = { kind: "client", name: "C", accountId: 1, role: "admin", userId: null, apiKeyId: null };
    await expect(listSongRequests(db(), client, song.id, 10)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("streaming outlets", () => {
  it("are printed on the license of a release that names them", async () => {
    const outlets = "Bandcamp, our own website and Example Distribution's store";
    const body = requestBody({
      track: { releases: [{ formatId: 1003, releaseQuantity: 5000, expectedOutletsOfDistribution: outlets }] },
    });
    const id = await requestIn(keys, "licensed", song, body);
    const { bytes } = await licenseDocument(db(), employee, id);
    const text = (await pdfText(bytes)).replace(/\s+/g, " ");
    expect(text).toContain("Interactive Audio Streams");
    expect(text).toContain(`Outlets of distribution ${outlets}`);
  });
});

describe("saving a catalog song that is already there", () => {
  const post = (body: Record<string, unknown>) =>
    call(songsRoute.POST, "POST", "/api/songs", { key: keys.staff, body });
  const owners = [{ name: "Twin Publishing", share: 100 }];

  it.each([
    ["the same title and writers", { title: "Twin Peaks Song", writers: ["Ann Twin", "Bo Twin"] }],
    ["case, spaces and writer order aside", { title: "  twin peaks SONG ", writers: ["bo twin", "ANN TWIN"] }],
  ])("asks first for %s (409 duplicate_song naming the other), and keeps both once confirmed", async (_case, song) => {
    const first = await addSong(keys.staff, { title: "Twin Peaks Song", writers: ["Ann Twin", "Bo Twin"], owners });
    const refused = await post({ ...song, owners });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "duplicate_song", songId: expect.any(Number) });
    expect(refused.body.detail).toMatch(/already in the catalog/);
    expect((await post({ ...song, owners, confirmDuplicate: true })).status).toBe(201);
    expect(first.id).toBeGreaterThan(0);
  });

  it.each([
    ["another writer", { title: "Solo Flight", writers: ["Cy Solo", "Di Duo"] }],
    ["another title", { title: "Solo Flight II", writers: ["Cy Solo"] }],
  ])("saves a song with %s at once", async (_case, song) => {
    await addSong(keys.staff, { title: "Solo Flight", writers: ["Cy Solo"], owners });
    expect((await post({ ...song, owners })).status).toBe(201);
  });

  it("asks first when an edit makes a song another's twin, not when a song is saved unchanged", async () => {
    const kept = await addSong(keys.staff, { title: "Edited Twin", writers: ["Ed Twin"], owners });
    const other = await addSong(keys.staff, { title: "Edited Twin Draft", writers: ["Ed Twin"], owners });
    const same = songInputSchema.parse({ title: "Edited Twin", writers: ["Ed Twin"], owners });
    await expect(updateSong(db(), employee, other.id, same)).rejects.toMatchObject({
      code: "duplicate_song",
      data: { songId: kept.id },
    });
    await expect(updateSong(db(), employee, kept.id, same)).resolves.toMatchObject({ id: kept.id });
    await expect(updateSong(db(), employee, other.id, { ...same, confirmDuplicate: true })).resolves.toMatchObject({
      title: "Edited Twin",
    });
  });
});
