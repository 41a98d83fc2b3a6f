import { count } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as albumRoute from "@/app/api/albums/[id]/route";
import * as trackRoute from "@/app/api/tracks/[id]/route";
import { albums, licensees, releases, requests, tracks } from "@/db/schema";
import { setClock } from "@/lib/clock";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
beforeEach(() => setClock(new Date("2026-03-10T18:00:00Z")));
afterEach(() => setClock(undefined));

const post = (key: string, body: unknown) => call(requestsRoute.POST, "POST", "/api/requests", { key, body });
const getAlbum = (key: string, id: number) =>
  call(albumRoute.GET, "GET", `/api/albums/${id}`, { key, params: { id: String(id) } });
async function rowCounts() {
  const n = async (t: typeof albums | typeof licensees | typeof releases | typeof requests | typeof tracks) =>
    (await db().select({ n: count() }).from(t))[0]!.n;
  return {
    licensees: await n(licensees),
    albums: await n(albums),
    tracks: await n(tracks),
    releases: await n(releases),
    requests: await n(requests),
  };
}

describe("POST /api/requests", () => {
  it("creates licensee, album, track, release and request, and returns their ids", async () => {
    const { key } = await clientKey(db(), "Create Records");
    const res = await post(key, requestBody());
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/requests/${res.body.id}`);
    expect(res.body).toMatchObject({
      kind: "initial",
      status: { code: "new", label: "New" },
      songLinked: false,
      licensingBegun: false,
      royalty: { perUnit: "0.1310", quantity: 1000, total: "131.00", currency: "USD" },
    });
    for (const id of ["albumId", "trackId", "releaseId", "id"]) expect(Number.isInteger(res.body[id])).toBe(true);
    expect(res.body.licenseeId).toMatch(/^[0-9a-f-]{36}$/);
    const read = await call(requestRoute.GET, "GET", `/api/requests/${res.body.id}`, {
      key,
      params: { id: String(res.body.id) },
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const track = await call(trackRoute.GET, "GET", `/api/tracks/${res.body.trackId}`, {
      key,
      params: { id: String(res.body.trackId) },
    });
    expect(track.body).toMatchObject({
      albumId: res.body.albumId,
      externalTrackId: "ext-1",
      lengthInSeconds: 200,
      medley: false,
      medleyTrackId: null,
      song: { title: "Yesterday", originalRecordingArtist: "The Beatles", notes: null },
      releases: [{ id: res.body.releaseId, formatId: 1002, releaseMonth: 3, releaseYear: 2026, releaseQuantity: 1000 }],
    });
  });

  it("generates the release month when both are omitted, and shows it", async () => {
    setClock(new Date("2026-03-25T12:00:00Z"));
    const { key } = await clientKey(db(), "Gen Records");
    const created = await fileRequest(key);
    const album = await getAlbum(key, created.albumId);
    expect(album.body.releases[0]).toMatchObject({ releaseMonth: 4, releaseYear: 2026 });
  });

  it.each([
    [{ releaseMonth: 2, releaseYear: 2026 }, 400, "release_date_in_past"],
    [{ releaseMonth: 3, releaseYear: 2026 }, 201, null],
    [{ releaseMonth: 5 }, 400, "validation_failed"],
  ])("applies the release-date rules to %o", async (dates, status, code) => {
    const { key } = await clientKey(db(), "Date Records");
    const res = await post(
      key,
      requestBody({ track: { releases: [{ formatId: 1001, releaseQuantity: 10, ...dates }] } }),
    );
    expect(res.status).toBe(status);
    if (code) expect(res.body.code).toBe(code);
  });

  it("refuses the current month from the 20th in the service time zone", async () => {
    setClock(new Date("2026-03-20T15:00:00Z"));
    const { key } = await clientKey(db(), "Closed Records");
    const res = await post(
      key,
      requestBody({
        track: { releases: [{ formatId: 1001, releaseQuantity: 10, releaseMonth: 3, releaseYear: 2026 }] },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("release_month_closed");
  });

  it("reuses a licensee by id; full info always creates a new licensee", async () => {
    const { key } = await clientKey(db(), "Reuse Records");
    const first = await fileRequest(key);
    const byId = await fileRequest(
      key,
      requestBody({
        track: { album: { title: "Second", artist: "X", licensee: { id: first.licenseeId } } },
      }),
    );
    expect(byId.licenseeId).toBe(first.licenseeId);
    expect(byId.albumId).not.toBe(first.albumId);
    const again = await fileRequest(key);
    expect(again.licenseeId).not.toBe(first.licenseeId);
  });

  it("joins an existing album and release with album id, licensee id and release id (actual tracks per album)", async () => {
    const { key } = await clientKey(db(), "Join Records");
    const first = await fileRequest(key);
    const second = await fileRequest(
      key,
      requestBody({
        track: {
          album: { id: first.albumId, licensee: { id: first.licenseeId } },
          releases: [{ id: first.releaseId }],
          song: { title: "Let It Be", composer: "Lennon/McCartney" },
        },
      }),
    );
    expect(second).toMatchObject({ albumId: first.albumId, releaseId: first.releaseId, licenseeId: first.licenseeId });
    expect(second.trackId).not.toBe(first.trackId);
    const album = await getAlbum(key, first.albumId);
    expect(album.body.tracks).toHaveLength(2);
    expect(album.body.releases).toHaveLength(1);
    expect(album.body.tracks[1].releases.map((r: { id: number }) => r.id)).toEqual([first.releaseId]);
  });

  it("adds a track with a new release to an existing album", async () => {
    const { key } = await clientKey(db(), "NewRel Records");
    const first = await fileRequest(key);
    const second = await fileRequest(
      key,
      requestBody({
        track: { album: { id: first.albumId }, releases: [{ formatId: 1001, releaseQuantity: 500 }] },
      }),
    );
    expect(second.albumId).toBe(first.albumId);
    expect(second.releaseId).not.toBe(first.releaseId);
  });

  it("makes a new album for a repeated song without an album id (not a reorder)", async () => {
    const { key } = await clientKey(db(), "Repeat Records");
    const first = await fileRequest(key);
    const repeat = await fileRequest(key);
    expect(repeat.albumId).not.toBe(first.albumId);
    expect(repeat.trackId).not.toBe(first.trackId);
  });

  it("files a medley: the whole owes nothing, each part owes at its own length", async () => {
    const { key } = await clientKey(db(), "Medley Records");
    const whole = await fileRequest(
      key,
      requestBody({
        track: {
          medley: true,
          lengthInSeconds: 600,
          song: { title: "Beatles Medley", originalRecordingArtist: "Various" },
        },
      }),
    );
    expect(whole.royalty).toMatchObject({ perUnit: "0.0000", total: "0.00" });
    // The answer is built from the rows just written (newRequestView): it must read as GET reads it.
    const read = (id: number) =>
      call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } });
    expect((await read(whole.id)).body).toEqual(whole);
    const part = await fileRequest(
      key,
      requestBody({
        track: {
          album: { id: whole.albumId },
          releases: [{ id: whole.releaseId }],
          medleyTrackId: whole.trackId,
          lengthInSeconds: 361,
          song: { title: "Help!", originalRecordingArtist: "The Beatles" },
        },
      }),
    );
    expect(part.royalty).toMatchObject({ perUnit: "0.1764", quantity: 1000, total: "176.40" });
    expect((await read(part.id)).body).toEqual(part);
    const track = await call(trackRoute.GET, "GET", `/api/tracks/${part.trackId}`, {
      key,
      params: { id: String(part.trackId) },
    });
    expect(track.body).toMatchObject({ medley: false, medleyTrackId: whole.trackId });
  });

  it.each([
    [
      "a medley part of a track that is not a medley",
      (t: Created) => ({ album: { id: t.albumId }, medleyTrackId: t.trackId }),
      "track.medleyTrackId",
    ],
    ["a release of another album", (t: Created) => ({ releases: [{ id: t.releaseId }] }), "track.releases.0.id"],
    [
      "a licensee other than the album's",
      (t: Created) => ({ album: { id: t.albumId, licensee: { id: "00000000-0000-4000-8000-000000000000" } } }),
      "track.album.licensee.id",
    ],
    [
      "album title with an album id",
      (t: Created) => ({ album: { id: t.albumId, title: "Renamed" } }),
      "track.album.title",
    ],
  ])("refuses %s with validation_failed", async (_label, track, path) => {
    const { key } = await clientKey(db(), "Refuse Records");
    const existing = await fileRequest(key);
    const before = await rowCounts();
    const res = await post(key, requestBody({ track: track(existing) }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ["no releases", { releases: [] }, "track.releases"],
    [
      "two releases",
      {
        releases: [
          { formatId: 1001, releaseQuantity: 1 },
          { formatId: 1002, releaseQuantity: 1 },
        ],
      },
      "track.releases",
    ],
    ["an unknown format", { releases: [{ formatId: 4242, releaseQuantity: 1 }] }, "track.releases.0.formatId"],
    [
      "streams without outlets",
      { releases: [{ formatId: 1003, releaseQuantity: 1 }] },
      "track.releases.0.expectedOutletsOfDistribution",
    ],
    ["zero quantity", { releases: [{ formatId: 1001, releaseQuantity: 0 }] }, "track.releases.0.releaseQuantity"],
    ["a song without artist or composer", { song: { title: "X" } }, "track.song.originalRecordingArtist"],
    [
      "a new licensee without email",
      { album: { title: "T", artist: "A", licensee: { lastName: "Doe" } } },
      "track.album.licensee.email",
    ],
    [
      "a new album without title",
      { album: { artist: "A", licensee: { lastName: "D", email: "d@example.com" } } },
      "track.album.title",
    ],
    ["a negative length", { lengthInSeconds: -1 }, "track.lengthInSeconds"],
  ])("refuses %s, creating nothing", async (_label, track, path) => {
    const { key } = await clientKey(db(), "Invalid Records");
    const before = await rowCounts();
    const res = await post(key, requestBody({ track }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await rowCounts()).toEqual(before);
  });

  it("accepts streams with outlets at $0.01 per stream, and a missing length", async () => {
    const { key } = await clientKey(db(), "Stream Records");
    const created = await fileRequest(
      key,
      requestBody({
        track: {
          lengthInSeconds: undefined,
          releases: [
            { formatId: 1003, releaseQuantity: 50000, expectedOutletsOfDistribution: "Bandcamp, our own website" },
          ],
        },
      }),
    );
    expect(created.royalty).toMatchObject({ perUnit: "0.0100", total: "500.00" });
  });

  it("refuses filing from a staff key", async () => {
    const key = await staffKey(db());
    const res = await post(key, requestBody());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });
});

type Created = Awaited<ReturnType<typeof fileRequest>>;
