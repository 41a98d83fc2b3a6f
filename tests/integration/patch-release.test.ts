import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { setClock } from "@/lib/clock";
import { call, clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { patchRelease } from "../helpers/patch";
import { beginLicensing } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
beforeEach(() => setClock(new Date("2026-03-10T18:00:00Z")));
afterEach(() => setClock(undefined));
const readRequest = (key: string, id: number) =>
  call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } });

describe("PATCH /api/tracks/{id}/releases/{releaseId}", () => {
  it("changes quantity, format and date, answers with the release, and recomputes every request on it", async () => {
    const { key } = await clientKey(db(), "Release Records");
    const r = await fileRequest(key);
    const other = await fileRequest(
      key,
      requestBody({ track: { album: { id: r.albumId }, releases: [{ id: r.releaseId }], lengthInSeconds: 400 } }),
    );
    const res = await patchRelease(key, r.trackId, r.releaseId, {
      releaseQuantity: 2000,
      formatId: 1004,
      releaseMonth: 8,
      releaseYear: 2026,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: r.releaseId,
      releaseQuantity: 2000,
      formatId: 1004,
      releaseMonth: 8,
      releaseYear: 2026,
    });
    expect((await readRequest(key, r.id)).body.royalty).toMatchObject({
      perUnit: "0.2400",
      quantity: 2000,
      total: "480.00",
    });
    expect((await readRequest(key, other.id)).body.royalty).toMatchObject({ quantity: 2000, total: "480.00" });
  });

  it.each([
    [{ releaseMonth: 2 }, "release_date_in_past"],
    [{ releaseMonth: 1, releaseYear: 2026 }, "release_date_in_past"],
    [{ releaseYear: 2025 }, "release_date_in_past"],
    [{ releaseQuantity: 0 }, "invalid_patch"],
    [{ formatId: 999 }, "invalid_patch"],
    [{ formatId: 1003 }, "invalid_patch"],
  ])("refuses %o with %s", async (ops, code) => {
    const { key } = await clientKey(db(), "Bad Release");
    const r = await fileRequest(key);
    const res = await patchRelease(key, r.trackId, r.releaseId, ops);
    expect(res.body.code).toBe(code);
  });

  it("refuses the current month from the 20th", async () => {
    const { key } = await clientKey(db(), "Closed Release");
    const r = await fileRequest(
      key,
      requestBody({
        track: { releases: [{ formatId: 1001, releaseQuantity: 5, releaseMonth: 5, releaseYear: 2026 }] },
      }),
    );
    setClock(new Date("2026-03-22T12:00:00Z"));
    const res = await patchRelease(key, r.trackId, r.releaseId, { releaseMonth: 3 });
    expect(res.body.code).toBe("release_month_closed");
  });

  it("is refused with licensing_begun once a request on that release has begun licensing; other releases stay editable", async () => {
    const { key } = await clientKey(db(), "Begun Release");
    const r = await fileRequest(key);
    const second = await fileRequest(
      key,
      requestBody({ track: { album: { id: r.albumId }, releases: [{ formatId: 1001, releaseQuantity: 5 }] } }),
    );
    await beginLicensing(db(), r.id);
    const res = await patchRelease(key, r.trackId, r.releaseId, { releaseQuantity: 5 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("licensing_begun");
    expect((await patchRelease(key, second.trackId, second.releaseId, { releaseQuantity: 7 })).status).toBe(200);
  });

  it("answers 404 for a release that the addressed track is not on", async () => {
    const { key } = await clientKey(db(), "Wrong Track");
    const a = await fileRequest(key);
    const b = await fileRequest(key);
    const res = await patchRelease(key, a.trackId, b.releaseId, { releaseQuantity: 5 });
    expect(res.status).toBe(404);
  });
});
