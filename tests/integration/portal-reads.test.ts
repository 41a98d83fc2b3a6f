import { afterEach, describe, expect, it } from "vitest";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { getAlbumOverview } from "@/lib/album-overview/get-album-overview";
import { listAlbums } from "@/lib/albums/list-albums";
import type { Actor } from "@/lib/auth/actor";
import { setClock } from "@/lib/clock";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { licensees } from "@/db/schema";
import { findLicensees } from "@/lib/licensees/find-licensees";
import {
  LICENSEE_LIST_MOST,
  licenseeChoices,
  LICENSEES_PAGE_SIZE,
  listLicenseePage,
} from "@/lib/licensees/list-licensees";
import { listPeople } from "@/lib/people/list-people";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { getRequestDetails } from "@/lib/requests/get-request-details";
import { REQUESTS_PAGE_SIZE, requestSearchParams, searchRequests } from "@/lib/requests/search-requests";
import { beginLicensing, linkTrackToSong } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
afterEach(() => setClock(undefined));

async function client(name: string): Promise<Extract<Actor, { kind: "client" }>> {
  const account = await findOrCreateAccount(db(), name);
  return { kind: "client", name, accountId: account.id, role: "admin", userId: null, apiKeyId: null };
}
const licenseeOf = (c: Extract<Actor, { kind: "client" }>, licenseeId: string): Actor => ({
  kind: "licensee",
  name: "Lee",
  accountId: c.accountId,
  licenseeId,
  userId: 1,
});

async function file(
  actor: Actor,
  album: string,
  songs: { title: string; lengthInSeconds?: number | null }[],
  licensee?: { id: string },
) {
  return createAlbumRequests(
    db(),
    actor,
    createAlbumRequestsSchema.parse({
      album: {
        title: album,
        artist: "Band",
        licensee: licensee ?? { companyName: `${album} Co`, email: "rights@example.com" },
      },
      release: { formatId: 1002, releaseQuantity: 100 },
      tracks: songs.map((s) => ({
        song: { title: s.title, composer: "Someone" },
        lengthInSeconds: s.lengthInSeconds ?? 180,
      })),
    }),
  );
}

describe("searchRequests", () => {
  it("filters by status, licensee and song or album title, within the caller's account", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const label = await client("Search Records");
    const [a1, a2] = await file(label, "Blue Album", [{ title: "Ocean 100%_" }, { title: "River" }]);
    const [b1] = await file(label, "Green Album", [{ title: "Forest" }]);
    await file(await client("Elsewhere Records"), "Blue Album", [{ title: "Ocean" }]);
    await beginLicensing(db(), b1!.id);

    const ids = async (search: Parameters<typeof searchRequests>[2]) =>
      (await searchRequests(db(), label, search)).items.map((r) => r.id);
    expect(await ids({})).toEqual([b1!.id, a2!.id, a1!.id]);
    expect(await ids({ q: "blue" })).toEqual([a2!.id, a1!.id]);
    expect(await ids({ q: "100%_" })).toEqual([a1!.id]);
    expect(await ids({ q: "0%x" })).toEqual([]);
    expect(await ids({ status: "in_progress" })).toEqual([b1!.id]);
    expect(await ids({ licensee: a1!.licenseeId })).toEqual([a2!.id, a1!.id]);

    const [row] = (await searchRequests(db(), label, { q: "forest" })).items;
    expect(row).toMatchObject({
      song: { title: "Forest" },
      album: { title: "Green Album" },
      licensee: { name: "Green Album Co" },
      status: { code: "in_progress", label: "Licensing in progress" },
    });
  });

  it("pages through the results and shows a licensee only its own requests", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const label = await client("Paging Records");
    const songs = Array.from({ length: REQUESTS_PAGE_SIZE + 2 }, (_, i) => ({ title: `Song ${i}` }));
    const filed = await file(label, "Big Album", songs);
    const page2 = await searchRequests(db(), label, { page: 2 });
    expect(page2).toMatchObject({ total: REQUESTS_PAGE_SIZE + 2, page: 2 });
    expect(page2.items).toHaveLength(2);

    const [other] = await file(label, "Other Licensee Album", [{ title: "Not yours" }]);
    const lee = licenseeOf(label, filed[0]!.licenseeId);
    const seen = await searchRequests(db(), lee, { q: "not yours" });
    expect(seen.total).toBe(0);
    await expect(getRequestDetails(db(), lee, other!.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await listLicenseePage(db(), lee, 1)).items.map((l) => l.id)).toEqual([filed[0]!.licenseeId]);
    expect((await listAlbums(db(), lee)).map((a) => a.title)).toEqual(["Big Album"]);
  });
});

describe("listLicenseePage and licenseeChoices", () => {
  it("pages the account's licensees by name with their album counts, and offers a list only while it is short", async () => {
    const label = await client("Many Licensees Records");
    const names = Array.from({ length: LICENSEES_PAGE_SIZE + 1 }, (_, i) => `Licensee ${String(i).padStart(2, "0")}`);
    const [first] = await file(label, names[0]!, [{ title: "One" }]);
    await file(label, "Second Album", [{ title: "Two" }], { id: first!.licenseeId });
    for (const name of names.slice(1)) await file(label, name, [{ title: "Song" }]);
    await file(await client("Other Licensees Records"), "Not theirs", [{ title: "Song" }]);

    const page1 = await listLicenseePage(db(), label, 1);
    expect(page1.total).toBe(names.length);
    expect(page1.items.map((l) => l.name)).toEqual(names.slice(0, LICENSEES_PAGE_SIZE).map((n) => `${n} Co`));
    expect(page1.items[0]).toMatchObject({ albumCount: 2 });
    expect((await listLicenseePage(db(), label, 2)).items.map((l) => [l.name, l.albumCount])).toEqual([
      [`${names.at(-1)} Co`, 1],
    ]);

    expect(await licenseeChoices(db(), label, names.length - 1)).toBeNull();
    expect((await licenseeChoices(db(), label, names.length))?.map((l) => l.name)).toEqual(names.map((n) => `${n} Co`));

    // Found by name instead: the caller's account only (an employee names it), at most 20, wildcards taken literally.
    const tens = names.slice(10, 20).map((n) => `${n} Co`);
    expect((await findLicensees(db(), label, { q: " licensee 1", accountId: null })).map((l) => l.name)).toEqual(tens);
    expect(await findLicensees(db(), label, { q: "not theirs", accountId: null })).toEqual([]);
    expect(await findLicensees(db(), label, { q: "%", accountId: null })).toEqual([]);
    expect(await findLicensees(db(), label, { q: "Licensee", accountId: null })).toHaveLength(20);
    const staff: Actor = { kind: "employee", name: "S", userId: null, apiKeyId: null };
    expect(
      (await findLicensees(db(), staff, { q: "licensee 1", accountId: label.accountId })).map((l) => l.name),
    ).toEqual(tens);
    expect(await findLicensees(db(), staff, { q: "licensee 1", accountId: null })).toEqual([]);
    const licensee = licenseeOf(label, first!.licenseeId);
    await expect(findLicensees(db(), licensee, { q: "licensee", accountId: null })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("gives the invite form and the new-request wizard no list past LICENSEE_LIST_MOST licensees", async () => {
    const label = await client("Crowded Records");
    const many = Array.from({ length: LICENSEE_LIST_MOST }, (_, i) => ({
      accountId: label.accountId,
      lastName: `Crowd ${i}`,
      email: `crowd${i}@example.com`,
    }));
    await db().insert(licensees).values(many);
    expect((await listPeople(db(), label)).licensees).toHaveLength(LICENSEE_LIST_MOST);
    // The wizard's read (app/requests/new): the list with each licensee's email, which its options show.
    const listed = await licenseeChoices(db(), label, LICENSEE_LIST_MOST);
    expect(listed).toHaveLength(LICENSEE_LIST_MOST);
    expect(listed?.[0]).toMatchObject({ name: "Crowd 0", email: "crowd0@example.com" });
    await db()
      .insert(licensees)
      .values({ accountId: label.accountId, lastName: "One too many", email: "many@example.com" });
    expect((await listPeople(db(), label)).licensees).toBeNull();
    expect(await licenseeChoices(db(), label, LICENSEE_LIST_MOST)).toBeNull();
    // The wizard then finds the licensee by name, its email telling it apart.
    expect(await findLicensees(db(), label, { q: "too many", accountId: null })).toEqual([
      { id: expect.any(String), name: "One too many", email: "many@example.com" },
    ]);
  });
});

describe("getDashboard", () => {
  it("gives a client its own status counts and newest requests with song, album and licensee", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const label = await client("Dashboard Records");
    const [a1, a2] = await file(label, "Red Album", [{ title: "Ember" }, { title: "Flame" }]);
    setClock(new Date("2026-03-11T12:00:00Z"));
    const [b1] = await file(label, "Gold Album", [{ title: "Coin" }]);
    await file(await client("Other Dashboard Records"), "Red Album", [{ title: "Ember" }]);
    await beginLicensing(db(), b1!.id);

    const dashboard = await getDashboard(db(), label);
    if (dashboard.kind !== "client") throw new Error(`expected a client dashboard, got ${dashboard.kind}`);
    expect(dashboard.counts).toMatchObject({ new: 2, in_progress: 1, licensed: 0 });
    expect(dashboard.recent).toEqual([
      expect.objectContaining({
        id: b1!.id,
        songTitle: "Coin",
        albumTitle: "Gold Album",
        licensee: "Gold Album Co",
        statusCode: "in_progress",
      }),
      expect.objectContaining({
        id: a2!.id,
        songTitle: "Flame",
        albumId: a2!.albumId,
        albumTitle: "Red Album",
        licensee: "Red Album Co",
      }),
      expect.objectContaining({ id: a1!.id, songTitle: "Ember", albumTitle: "Red Album", licenseeLastName: null }),
    ]);
  });
});

describe("the client dashboard's status cards", () => {
  it("count exactly the requests the list shows filtered by that status, where each card links", async () => {
    const label = await client("Card Records");
    const [a1, , a3] = await file(label, "Card Album", [{ title: "One" }, { title: "Two" }, { title: "Three" }]);
    await file(await client("Other Card Records"), "Card Album", [{ title: "One" }]);
    await beginLicensing(db(), a1!.id);
    await beginLicensing(db(), a3!.id);

    const dashboard = await getDashboard(db(), label);
    if (dashboard.kind !== "client") throw new Error(`expected a client dashboard, got ${dashboard.kind}`);
    expect(dashboard.counts).toMatchObject({ new: 1, in_progress: 2 });
    for (const [code, count] of Object.entries(dashboard.counts)) {
      const list = await searchRequests(db(), label, requestSearchParams.parse({ status: code }));
      expect([code, list.total, list.items.length]).toEqual([code, count, count]);
      expect(list.items.every((r) => r.status.code === code)).toBe(true);
    }
  });
});

describe("getAlbumOverview", () => {
  it("gives each field's lock reason from the lock map, keeping a missing length editable", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const label = await client("Locks Records");
    const [first, second] = await file(label, "Locked Album", [
      { title: "Linked", lengthInSeconds: 200 },
      { title: "No length", lengthInSeconds: null },
    ]);
    const before = await getAlbumOverview(db(), label, first!.albumId);
    expect(Object.values(before.locks.album)).toEqual([null, null]);
    expect(before.actions.edit.allowed).toBe(true);

    await linkTrackToSong(db(), first!.trackId);
    await beginLicensing(db(), first!.id);
    const after = await getAlbumOverview(db(), label, first!.albumId);
    expect(after.locks.album).toEqual({ title: "licensing has begun", artist: "licensing has begun" });
    expect(after.locks.tracks.get(first!.trackId)).toMatchObject({
      "song/title": "song linked to our catalog",
      lengthInSeconds: "licensing has begun",
    });
    expect(after.locks.tracks.get(second!.trackId)).toMatchObject({ "song/title": null, lengthInSeconds: null });
    expect(after.locks.releases.get(first!.releaseId)).toMatchObject({ releaseQuantity: "licensing has begun" });
    expect(after.requests.map((r) => r.status.code)).toEqual(["in_progress", "new"]);

    const details = await getRequestDetails(db(), label, second!.id);
    expect(details.actions.cancel.allowed).toBe(true);
    expect((await getRequestDetails(db(), label, first!.id)).actions.cancel.allowed).toBe(false);
    const lee = licenseeOf(label, first!.licenseeId);
    expect((await getAlbumOverview(db(), lee, first!.albumId)).actions.edit.allowed).toBe(false);
    expect((await getRequestDetails(db(), lee, second!.id)).actions.cancel.allowed).toBe(false);
  });
});
