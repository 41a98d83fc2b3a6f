import { describe, expect, it } from "vitest";
import * as albumRoute from "@/app/api/albums/[id]/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { patchAlbum } from "../helpers/patch";
import { beginLicensing } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("PATCH /api/albums/{id}", () => {
  it("changes title and artist and answers with the album", async () => {
    const { key } = await clientKey(db(), "Album Records");
    const r = await fileRequest(key);
    const res = await patchAlbum(key, r.albumId, { title: "Untitled", artist: "Various" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: r.albumId, title: "Untitled", artist: "Various", licenseeId: r.licenseeId });
    const read = await call(albumRoute.GET, "GET", `/api/albums/${r.albumId}`, {
      key,
      params: { id: String(r.albumId) },
    });
    expect(read.body.title).toBe("Untitled");
  });

  it("is refused with licensing_begun once any request on the album has begun licensing, changing nothing", async () => {
    const { key } = await clientKey(db(), "Locked Album");
    const r = await fileRequest(key);
    const other = await fileRequest(
      key,
      requestBody({ track: { album: { id: r.albumId }, releases: [{ id: r.releaseId }] } }),
    );
    await beginLicensing(db(), other.id);
    const res = await patchAlbum(key, r.albumId, { title: "Too late" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: "licensing_begun",
      errors: [{ path: "title", message: "licensing has begun" }],
    });
    const read = await call(albumRoute.GET, "GET", `/api/albums/${r.albumId}`, {
      key,
      params: { id: String(r.albumId) },
    });
    expect(read.body.title).toBe("Covers Vol. 1");
  });

  it("lets staff correct an album, and an empty patch changes nothing", async () => {
    const { key } = await clientKey(db(), "Staff Fix");
    const r = await fileRequest(key);
    expect((await patchAlbum(await staffKey(db()), r.albumId, { artist: "Fixed" })).body.artist).toBe("Fixed");
    const empty = await call(albumRoute.PATCH, "PATCH", `/api/albums/${r.albumId}`, {
      key,
      body: [],
      params: { id: String(r.albumId) },
    });
    expect(empty.status).toBe(200);
    expect(empty.body.artist).toBe("Fixed");
  });
});
