import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as trackRoute from "@/app/api/tracks/[id]/route";
import { salesLines } from "@/db/schema";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { markLicensed, salesCsv, uploadSales } from "../helpers/sales";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const HEADER = "date,isrc,external track id,track_id,store,units,format";

async function licensedAlbum(account: string) {
  const { key, accountId } = await clientKey(db(), account);
  const first = await fileRequest(
    key,
    requestBody({ track: { isrc: "US-S1Z-99-00001", releases: [{ formatId: 1002, releaseQuantity: 1000 }] } }),
  );
  const second = await fileRequest(
    key,
    requestBody({
      track: {
        album: { id: first.albumId },
        releases: [{ id: first.releaseId }],
        externalTrackId: "ext-2",
        song: { title: "Something", composer: "George Harrison" },
      },
    }),
  );
  await markLicensed(db(), first.id, second.id);
  return { key, accountId, first, second };
}

describe("POST /api/releases/{id}/sales", () => {
  it("matches lines by ISRC, the client's track id or ours, and sums units per track and format", async () => {
    const { key, first, second } = await licensedAlbum("Sales Match Records");
    const csv = salesCsv(
      HEADER,
      "2026-11-01,USS1Z9900001,,,Bandcamp,100,1002",
      "2026-11-02,,ext-2,,iTunes,30,Digital Downloads",
      `2026-11-03,,,${second.trackId},Amazon,20,digital downloads`,
    );
    const res = await uploadSales(key, first.releaseId, csv);
    expect(res.status).toBe(201);
    expect(res.body.lines).toBe(3);
    expect(res.body.alerts).toEqual([]);
    expect(
      res.body.standings.toSorted((a: { trackId: number }, b: { trackId: number }) => a.trackId - b.trackId),
    ).toEqual([
      { trackId: first.trackId, formatId: 1002, sold: 100, licensed: 1000 },
      { trackId: second.trackId, formatId: 1002, sold: 50, licensed: 1000 },
    ]);
    const stored = await db().select().from(salesLines).where(eq(salesLines.releaseId, first.releaseId));
    expect(stored.map((l) => l.batchId)).toEqual([res.body.batchId, res.body.batchId, res.body.batchId]);
    const again = await uploadSales(
      key,
      first.releaseId,
      salesCsv(HEADER, "2026-11-04,us-s1z-99-00001,,,Bandcamp,5,1002"),
    );
    expect(again.body.standings).toEqual([{ trackId: first.trackId, formatId: 1002, sold: 105, licensed: 1000 }]);
  });

  it("reports every bad line by number and stores nothing when any line is bad", async () => {
    const { key, first } = await licensedAlbum("Sales Error Records");
    const csv = salesCsv(
      HEADER,
      "2026-11-01,USS1Z9900001,,,Bandcamp,10,1002",
      "2026-13-01,,,,Bandcamp,0,1002",
      "2026-11-02,,nope,,,7,Compact Discs",
      "2026-11-02,XX,,,Shop,1.5,1002",
    );
    const res = await uploadSales(key, first.releaseId, csv);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([
      { path: "lines.3.date", message: "must be a date as YYYY-MM-DD" },
      { path: "lines.3.units", message: "must be at least 1" },
      { path: "lines.3.trackId", message: "is required: give the track's ISRC, your track id or our track id" },
      { path: "lines.4.store", message: "is required" },
      { path: "lines.5.units", message: "must be a whole number of units" },
      { path: "lines.5.isrc", message: "must be an ISRC such as US-S1Z-99-00001" },
    ]);
    // Lines that parse but name no carried track or another format are found against the release, still all at once.
    const unknown = await uploadSales(key, first.releaseId, salesCsv(HEADER, "2026-11-02,,nope,,Shop,7,Compact Discs"));
    expect(unknown.body.errors).toEqual([
      { path: "lines.2.externalTrackId", message: "names no track of this release (nope)" },
      { path: "lines.2.format", message: 'must be the release\'s format: 1002 or "Digital Downloads"' },
    ]);
    expect(await db().select().from(salesLines).where(eq(salesLines.releaseId, first.releaseId))).toEqual([]);
  });

  it("asks for the header's columns, CSV as such, and a report that has lines", async () => {
    const { key, first } = await licensedAlbum("Sales Header Records");
    const noTrack = await uploadSales(
      key,
      first.releaseId,
      salesCsv("date,store,units,format", "2026-11-01,Shop,1,1002"),
    );
    expect(noTrack.body.errors).toEqual([
      { path: "lines.1", message: "the header lacks the column isrc, externalTrackId or trackId" },
    ]);
    expect((await uploadSales(key, first.releaseId, salesCsv(HEADER))).body.errors).toEqual([
      { path: "", message: "has no sales lines under its header" },
    ]);
    const json = await uploadSales(key, first.releaseId, JSON.stringify({ lines: [] }), "application/json");
    expect(json.status).toBe(415);
  });

  it("is client staff's own: another account's release is 404, staff keys are refused", async () => {
    const { first } = await licensedAlbum("Sales Owner Records");
    const other = await clientKey(db(), "Sales Other Records");
    const csv = salesCsv(HEADER, "2026-11-01,USS1Z9900001,,,Bandcamp,10,1002");
    expect((await uploadSales(other.key, first.releaseId, csv)).status).toBe(404);
    expect((await uploadSales(await staffKey(db()), first.releaseId, csv)).status).toBe(403);
  });

  it("keeps a track's ISRC, checked and written without hyphens, through PATCH", async () => {
    const { key, second } = await licensedAlbum("Sales Isrc Records");
    const patch = (value: unknown) =>
      call(trackRoute.PATCH, "PATCH", `/api/tracks/${second.trackId}`, {
        key,
        body: [{ op: "replace", path: "isrc", value }],
        headers: { "Content-Type": "application/json-patch+json" },
        params: { id: String(second.trackId) },
      });
    expect((await patch("gb-aaa-26-12345")).body.isrc).toBe("GBAAA2612345");
    expect((await patch("not an isrc")).body.errors).toEqual([
      { path: "0.value", message: "isrc: must be an ISRC such as US-S1Z-99-00001" },
    ]);
  });
});
