import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as albumsRoute from "@/app/api/albums/route";
import { setClock } from "@/lib/clock";
import { call, clientKey, staffKey } from "../helpers/api";
import { expectProblem } from "../helpers/problem";
import { rowCounts } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";

// Issue 20: POST /api/albums files a whole album (medleys included) in one call, all or nothing, idempotently.
const db = setupTestDb();
let key: string;
let staff: string;
beforeAll(async () => {
  key = (await clientKey(db(), "Album Records")).key;
  staff = await staffKey(db());
});
afterEach(() => setClock(undefined));

const song = (title: string, originalRecordingArtist = "Dolly Parton") => ({ title, originalRecordingArtist });
const albumBody = () => ({
  album: {
    title: "Country Covers",
    artist: "The Integrators",
    licensee: { companyName: "Integrators LLC", email: "rights@integrators.example.com" },
  },
  release: { formatId: 1001, releaseQuantity: 1000, releaseMonth: 6, releaseYear: 2026 },
  tracks: [
    { externalTrackId: "t1", lengthInSeconds: 200, song: song("Coat of Many Colors") },
    { externalTrackId: "t2", song: song("Here You Come Again", "Dolly Parton") },
    {
      medley: {
        externalTrackId: "t3",
        lengthInSeconds: 420,
        song: song("Jolene / Landslide"),
        parts: [
          { lengthInSeconds: 200, song: song("Jolene") },
          { lengthInSeconds: 220, song: song("Landslide", "Fleetwood Mac") },
        ],
      },
    },
  ],
});
const post = (body: unknown, headers: Record<string, string> = {}, k = key) =>
  call(albumsRoute.POST, "POST", "/api/albums", { key: k, body, headers });

describe("POST /api/albums", () => {
  it("files every track, the medley whole and each part, on one new album and release, in one call", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const res = await post(albumBody());
    expect(res.status).toBe(201);
    const { albumId, licenseeId, releaseId, requests } = res.body;
    expect(res.headers.get("location")).toBe(`/api/albums/${albumId}`);
    expect(requests).toHaveLength(5);
    for (const r of requests)
      expect(r).toMatchObject({ albumId, licenseeId, releaseId, kind: "initial", status: { code: "new" } });
    const [plain, noLength, whole, jolene, landslide] = requests;
    expect(plain.royalty).toMatchObject({ perUnit: "0.1310", total: "131.00" });
    expect(noLength.royalty).toMatchObject({ perUnit: "0.1310", total: "131.00" }); // the minimum rate until a length is known
    expect(whole).toMatchObject({ medley: { kind: "whole", partCount: 2 }, royalty: { total: "0.00" } });
    expect(jolene).toMatchObject({
      medley: { kind: "part", wholeTrackId: whole.trackId },
      royalty: { total: "131.00" },
    });
    expect(landslide).toMatchObject({ medley: { kind: "part", wholeTrackId: whole.trackId } });
    expect(plain.medley).toBeNull();
  });

  it("replays the first response for a retry with the same Idempotency-Key, and creates nothing more", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const headers = { "Idempotency-Key": "album-retry-1" };
    const first = await post(albumBody(), headers);
    expect(first.status).toBe(201);
    const before = await rowCounts(db());
    const retry = await post(albumBody(), headers);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await rowCounts(db())).toEqual(before);
    const other = { ...albumBody(), album: { ...albumBody().album, title: "Another" } };
    expectProblem(await post(other, headers), 409, "idempotency_key_reused");
  });

  it.each<[string, (b: ReturnType<typeof albumBody>) => unknown, number, string, string]>([
    [
      "a part without a song title",
      (b) => {
        (b.tracks[2] as any).medley.parts[1].song = { originalRecordingArtist: "X" };
        return b;
      },
      400,
      "validation_failed",
      "tracks.2.medley.parts.1.song.title",
    ],
    [
      "a medley of one part",
      (b) => {
        (b.tracks[2] as any).medley.parts.pop();
        return b;
      },
      400,
      "validation_failed",
      "tracks.2.medley.parts",
    ],
    [
      "a misspelt track field",
      (b) => {
        (b.tracks[1] as any).lenghtInSeconds = 180;
        return b;
      },
      400,
      "validation_failed",
      "tracks.1.lenghtInSeconds",
    ],
    [
      "a past release month",
      (b) => ({ ...b, release: { ...b.release, releaseMonth: 1 } }),
      400,
      "release_date_in_past",
      "release.releaseMonth",
    ],
    [
      "a stream without outlets",
      (b) => ({ ...b, release: { formatId: 1003, releaseQuantity: 10 } }),
      400,
      "validation_failed",
      "release.expectedOutletsOfDistribution",
    ],
    [
      "an unknown licensee id",
      (b) => ({ ...b, album: { ...b.album, licensee: { id: "00000000-0000-4000-8000-000000000000" } } }),
      404,
      "not_found",
      "album.licensee.id",
    ],
  ])("refuses %s at its path and creates nothing", async (_label, change, status, code, path) => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const before = await rowCounts(db());
    const res = await post(change(albumBody()));
    expect(expectProblem(res, status, code).errors!.map((e) => e.path)).toEqual([path]);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("files a streaming release with its outlets", async () => {
    const res = await post({
      ...albumBody(),
      release: { formatId: 1003, releaseQuantity: 50000, expectedOutletsOfDistribution: "Bandcamp, our own website" },
    });
    expect(res.status).toBe(201);
    expect(res.body.requests[0].royalty).toMatchObject({ perUnit: "0.0100", total: "500.00" });
  });

  it("is for client staff", async () => {
    expectProblem(await post(albumBody(), {}, staff), 403, "forbidden");
  });
});
