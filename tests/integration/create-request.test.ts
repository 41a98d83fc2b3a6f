import { afterEach, describe, expect, it } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { setClock } from "@/lib/clock";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
afterEach(() => setClock(undefined));

describe("POST /api/requests", () => {
  it("creates licensee, album, track, release and request, and returns their ids", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const { key } = await clientKey(db(), "Create Records");
    const res = await call(requestsRoute.POST, "POST", "/api/requests", { key, body: requestBody() });
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
  });

  it("generates the release month when both month and year are omitted", async () => {
    setClock(new Date("2026-03-25T12:00:00Z"));
    const { key } = await clientKey(db(), "Gen Records");
    const created = await fileRequest(key);
    const release = await db().query.releases.findFirst({ where: (r, { eq }) => eq(r.id, created.releaseId) });
    expect(release).toMatchObject({ releaseMonth: 4, releaseYear: 2026 });
  });

  it("refuses filing from a staff key", async () => {
    const key = await staffKey(db());
    const res = await call(requestsRoute.POST, "POST", "/api/requests", { key, body: requestBody() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });
});
