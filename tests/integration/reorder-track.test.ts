import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import * as albumRequestsRoute from "@/app/api/albums/[id]/requests/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { setClock } from "@/lib/clock";
import { call, clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { linkTrackToSong } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
beforeEach(() => setClock(new Date("2026-03-10T18:00:00Z")));
afterEach(() => setClock(undefined));

const reorder = (key: string, trackId: number, body: unknown) =>
  call(trackRequestsRoute.POST, "POST", `/api/tracks/${trackId}/requests`, {
    key,
    body,
    params: { id: String(trackId) },
  });

async function twoTrackAlbum(key: string) {
  const first = await fileRequest(key);
  const second = await fileRequest(
    key,
    requestBody({
      track: {
        album: { id: first.albumId },
        releases: [{ id: first.releaseId }],
        lengthInSeconds: 400,
        song: { title: "Something", composer: "George Harrison" },
      },
    }),
  );
  return { first, second };
}

describe("POST /api/tracks/{trackId}/requests (reorder)", () => {
  it("creates one new release and one reorder request per track of the album, whichever track is addressed", async () => {
    const { key } = await clientKey(db(), "Reorder Records");
    const { first, second } = await twoTrackAlbum(key);
    const res = await reorder(key, second.trackId, {
      releaseQuantity: 5000,
      formatId: 1001,
      releaseMonth: 6,
      releaseYear: 2026,
    });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    const releaseIds = new Set(res.body.map((r: { releaseId: number }) => r.releaseId));
    expect(releaseIds.size).toBe(1);
    expect(releaseIds.has(first.releaseId)).toBe(false);
    expect(res.body.map((r: { trackId: number }) => r.trackId).sort()).toEqual([first.trackId, second.trackId].sort());
    for (const r of res.body)
      expect(r).toMatchObject({
        kind: "reorder",
        albumId: first.albumId,
        licenseeId: first.licenseeId,
        status: { code: "new" },
      });
    // Royalty per track at its own length: 200 s → per copy; 400 s → 7 × 0.0252.
    const byTrack = Object.fromEntries(
      res.body.map((r: { trackId: number; royalty: unknown }) => [r.trackId, r.royalty]),
    );
    expect(byTrack[first.trackId]).toMatchObject({ perUnit: "0.1310", quantity: 5000, total: "655.00" });
    expect(byTrack[second.trackId]).toMatchObject({ perUnit: "0.1764", quantity: 5000, total: "882.00" });
    const all = await call(albumRequestsRoute.GET, "GET", `/api/albums/${first.albumId}/requests`, {
      key,
      params: { id: String(first.albumId) },
    });
    expect(all.body).toHaveLength(4);
    expect(all.headers.get("x-total-count")).toBe("4");
  });

  it("affects only the addressed track's album under one track per album", async () => {
    const { key } = await clientKey(db(), "Single Records");
    const a = await fileRequest(key);
    const b = await fileRequest(key);
    const res = await reorder(key, a.trackId, { releaseQuantity: 10, formatId: 1002 });
    expect(res.body.map((r: { trackId: number }) => r.trackId)).toEqual([a.trackId]);
    const bRequests = await call(trackRequestsRoute.GET, "GET", `/api/tracks/${b.trackId}/requests`, {
      key,
      params: { id: String(b.trackId) },
    });
    expect(bRequests.body).toHaveLength(1);
  });

  it("keeps a linked track linked", async () => {
    const { key } = await clientKey(db(), "Linked Records");
    const a = await fileRequest(key);
    await linkTrackToSong(db(), a.trackId);
    const res = await reorder(key, a.trackId, { releaseQuantity: 10, formatId: 1002 });
    expect(res.body[0].songLinked).toBe(true);
  });

  it("repeats for a medley's whole and each part", async () => {
    const { key } = await clientKey(db(), "Medley Reorder");
    const whole = await fileRequest(key, requestBody({ track: { medley: true } }));
    await fileRequest(
      key,
      requestBody({
        track: {
          album: { id: whole.albumId },
          releases: [{ id: whole.releaseId }],
          medleyTrackId: whole.trackId,
          lengthInSeconds: 90,
        },
      }),
    );
    const res = await reorder(key, whole.trackId, { releaseQuantity: 100, formatId: 1001 });
    expect(res.body).toHaveLength(2);
    expect(res.body.map((r: { royalty: { total: string } }) => r.royalty.total).sort()).toEqual(["0.00", "13.10"]);
  });

  it("answers with each new request as GET /api/requests/{id} reads it: a linked track, a medley whole and its parts", async () => {
    const { key } = await clientKey(db(), "Answer Reorder");
    const whole = await fileRequest(
      key,
      requestBody({ track: { medley: true, song: { title: "Beatles Medley", originalRecordingArtist: "Various" } } }),
    );
    const onAlbum = (track: object) =>
      requestBody({ track: { album: { id: whole.albumId }, releases: [{ id: whole.releaseId }], ...track } });
    await fileRequest(
      key,
      onAlbum({
        medleyTrackId: whole.trackId,
        lengthInSeconds: 361,
        song: { title: "Help!", originalRecordingArtist: "The Beatles" },
      }),
    );
    await fileRequest(
      key,
      onAlbum({
        medleyTrackId: whole.trackId,
        lengthInSeconds: 150,
        song: { title: "Yesterday", originalRecordingArtist: "The Beatles" },
      }),
    );
    const linked = await fileRequest(
      key,
      onAlbum({ lengthInSeconds: 240, song: { title: "Something", originalRecordingArtist: "The Beatles" } }),
    );
    await linkTrackToSong(db(), linked.trackId);
    // The answer is built from the rows just written (newRequestView), not read back.
    const res = await reorder(key, linked.trackId, { releaseQuantity: 300, formatId: 1001 });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(4);
    for (const answered of res.body as { id: number }[]) {
      const read = await call(requestRoute.GET, "GET", `/api/requests/${answered.id}`, {
        key,
        params: { id: String(answered.id) },
      });
      expect(answered).toEqual(read.body);
    }
    const wholeAnswer = res.body.find((r: { trackId: number }) => r.trackId === whole.trackId);
    expect(wholeAnswer.medley).toMatchObject({ kind: "whole", partCount: 2 });
    expect(wholeAnswer.medley.parts.map((p: { title: string }) => p.title)).toEqual(["Help!", "Yesterday"]);
    expect(res.body.find((r: { trackId: number }) => r.trackId === linked.trackId).songLinked).toBe(true);
  });

  it.each([
    [{ releaseQuantity: 10, formatId: 1001, releaseMonth: 1, releaseYear: 2026 }, "release_date_in_past"],
    [{ releaseQuantity: 10, formatId: 1001, releaseMonth: 7 }, "validation_failed"],
    [{ releaseQuantity: 0, formatId: 1001 }, "validation_failed"],
    [{ formatId: 1001 }, "validation_failed"],
    [{ releaseQuantity: 10, formatId: 1003 }, "validation_failed"],
  ])("refuses %o with %s and creates nothing", async (body, code) => {
    const { key } = await clientKey(db(), "Bad Reorder");
    const a = await fileRequest(key);
    const res = await reorder(key, a.trackId, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    const list = await call(trackRequestsRoute.GET, "GET", `/api/tracks/${a.trackId}/requests`, {
      key,
      params: { id: String(a.trackId) },
    });
    expect(list.body).toHaveLength(1);
  });

  it("refuses the current month from the 20th", async () => {
    setClock(new Date("2026-03-21T12:00:00Z"));
    const { key } = await clientKey(db(), "Closed Reorder");
    const a = await fileRequest(key);
    const res = await reorder(key, a.trackId, {
      releaseQuantity: 10,
      formatId: 1001,
      releaseMonth: 3,
      releaseYear: 2026,
    });
    expect(res.body.code).toBe("release_month_closed");
  });
});
