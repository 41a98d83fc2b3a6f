import { describe, expect, it } from "vitest";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as trackRoute from "@/app/api/tracks/[id]/route";
import { call, clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { patchTrack } from "../helpers/patch";
import { beginLicensing, linkTrackToSong } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const readTrack = (key: string, id: number) =>
  call(trackRoute.GET, "GET", `/api/tracks/${id}`, { key, params: { id: String(id) } });
const readRequest = (key: string, id: number) =>
  call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } });

describe("PATCH /api/tracks/{id}", () => {
  it("changes length, external id and song fields atomically, and recomputes the royalty", async () => {
    const { key } = await clientKey(db(), "Track Records");
    const r = await fileRequest(key);
    const res = await patchTrack(key, r.trackId, {
      lengthInSeconds: 601,
      externalTrackId: "T-9",
      "/song/title": "Yesterday (Live)",
      "song/notes": "recorded live",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      lengthInSeconds: 601,
      externalTrackId: "T-9",
      song: { title: "Yesterday (Live)", notes: "recorded live" },
    });
    expect((await readRequest(key, r.id)).body.royalty).toMatchObject({ perUnit: "0.2772", total: "277.20" });
  });

  it("refuses song changes with song_locked once the track is linked; length stays editable", async () => {
    const { key } = await clientKey(db(), "Linked Track");
    const r = await fileRequest(key);
    await linkTrackToSong(db(), r.trackId);
    const res = await patchTrack(key, r.trackId, { lengthInSeconds: 100, "song/title": "Other" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("song_locked");
    // Atomic: the length of the same patch was not applied either.
    expect((await readTrack(key, r.trackId)).body).toMatchObject({
      lengthInSeconds: 200,
      song: { title: "Yesterday" },
    });
    expect((await patchTrack(key, r.trackId, { lengthInSeconds: 100 })).status).toBe(200);
  });

  it("refuses track changes with licensing_begun once any request of the track has begun licensing", async () => {
    const { key } = await clientKey(db(), "Begun Track");
    const r = await fileRequest(key);
    await beginLicensing(db(), r.id);
    for (const ops of [{ lengthInSeconds: 100 }, { externalTrackId: "x" }]) {
      const res = await patchTrack(key, r.trackId, ops);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("licensing_begun");
    }
  });

  it.each([null, 0])("lets a missing length (%s) be supplied after licensing has begun, once", async (missing) => {
    const { key } = await clientKey(db(), `Missing ${missing}`);
    const r = await fileRequest(key, requestBody({ track: { lengthInSeconds: missing } }));
    await beginLicensing(db(), r.id);
    const res = await patchTrack(key, r.trackId, { lengthInSeconds: 245 });
    expect(res.status).toBe(200);
    expect(res.body.lengthInSeconds).toBe(245);
    const again = await patchTrack(key, r.trackId, { lengthInSeconds: 250 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("licensing_begun");
  });

  it("keeps a song's artist or composer", async () => {
    const { key } = await clientKey(db(), "Song Rule");
    const r = await fileRequest(key);
    const res = await patchTrack(key, r.trackId, { "song/originalRecordingArtist": null });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_patch");
    // errors[].path is dotted, as everywhere (docs/decisions/error-paths.md), though the patch path has a slash.
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(["song.originalRecordingArtist"]);
    expect(
      (await patchTrack(key, r.trackId, { "song/composer": "Lennon", "song/originalRecordingArtist": null })).status,
    ).toBe(200);
  });
});
