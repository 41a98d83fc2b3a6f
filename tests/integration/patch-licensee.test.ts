import { describe, expect, it } from "vitest";
import * as licenseeRoute from "@/app/api/licensees/[id]/route";
import { call, clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { patchLicensee } from "../helpers/patch";
import { beginLicensing, linkTrackToSong } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("PATCH /api/licensees/{id}", () => {
  it("updates contact details at any time, for every request of the licensee", async () => {
    const { key } = await clientKey(db(), "Licensee Records");
    const r = await fileRequest(key);
    const second = await fileRequest(
      key,
      requestBody({ track: { album: { title: "B", artist: "B", licensee: { id: r.licenseeId } } } }),
    );
    await linkTrackToSong(db(), r.trackId);
    await beginLicensing(db(), r.id);
    const res = await patchLicensee(key, r.licenseeId, {
      phone1: "+1 512 555 0100",
      email: "new@example.com",
      city: "Austin",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: r.licenseeId,
      phone1: "+1 512 555 0100",
      email: "new@example.com",
      city: "Austin",
      lastName: "Doe",
    });
    expect(second.licenseeId).toBe(r.licenseeId);
    const read = await call(licenseeRoute.GET, "GET", `/api/licensees/${r.licenseeId}`, {
      key,
      params: { id: r.licenseeId },
    });
    expect(read.body.email).toBe("new@example.com");
  });

  it.each([[{ email: "not-an-email" }], [{ email: null }], [{ lastName: null, companyName: null }], [{ id: "x" }]])(
    "refuses %o with invalid_patch",
    async (ops) => {
      const { key } = await clientKey(db(), "Bad Licensee");
      const r = await fileRequest(key);
      const res = await patchLicensee(key, r.licenseeId, ops);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("invalid_patch");
    },
  );

  it("answers 400 at the id for a malformed licensee id (it can name no licensee)", async () => {
    const { key } = await clientKey(db(), "Uuid Licensee");
    const res = await patchLicensee(key, "not-a-uuid", { city: "x" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(["id"]);
  });
});
