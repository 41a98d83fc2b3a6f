import { describe, expect, it } from "vitest";
import * as salesRoute from "@/app/api/releases/[id]/sales/route";
import { getReleaseSales } from "@/lib/sales/get-release-sales";
import { reorderShortfall } from "@/lib/sales/shortfall-reorder";
import { call, clientKey, staffKey } from "../helpers/api";
import { clientStaff } from "../helpers/people";
import { licensedTwoTracks, salesCsv, uploadSales } from "../helpers/sales";
import { setupTestDb } from "../helpers/test-db";
import { licenseeActor } from "../helpers/wall";

const db = setupTestDb();

const readSales = (key: string, releaseId: number) =>
  call(salesRoute.GET, "GET", `/api/releases/${releaseId}/sales`, { key, params: { id: String(releaseId) } });

/** An album of two tracks on one release, each licensed for 1000 digital downloads. */
async function licensedAlbum(account: string) {
  const { key, accountId } = await clientKey(db(), account);
  return { key, accountId, ...(await licensedTwoTracks(db(), key)) };
}

describe("GET /api/releases/{id}/sales", () => {
  it("lists every carried track, sold against licensed, also before any report", async () => {
    const { key, first, second } = await licensedAlbum("Standing Records");
    const before = await readSales(key, first.releaseId);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      releaseId: first.releaseId,
      albumId: first.albumId,
      formatId: 1002,
      tracks: [
        { trackId: first.trackId, formatId: 1002, sold: 0, licensed: 1000, pending: 0, level: null },
        { trackId: second.trackId, formatId: 1002, sold: 0, licensed: 1000, pending: 0, level: null },
      ],
      level: null,
      plan: null,
    });
    await uploadSales(
      key,
      first.releaseId,
      salesCsv("date,trackId,store,units,format", `2026-11-10,${first.trackId},Shop,850,1002`),
    );
    const at80 = (await readSales(key, first.releaseId)).body;
    expect(at80.tracks.map((t: { sold: number; level: number | null }) => [t.sold, t.level])).toEqual([
      [850, 80],
      [0, null],
    ]);
    expect(at80).toMatchObject({ level: 80, plan: null });
  });

  it("gives the reorder plan past 100 %, and the units a filed reorder is still licensing", async () => {
    const { key, first } = await licensedAlbum("Planned Records");
    await uploadSales(
      key,
      first.releaseId,
      salesCsv("date,trackId,store,units,format", `2026-11-10,${first.trackId},Shop,1200,1002`),
    );
    expect((await readSales(key, first.releaseId)).body).toMatchObject({
      level: 100,
      tracks: [{ trackId: first.trackId, sold: 1200, licensed: 1000, pending: 0, level: 100 }, { level: null }],
      plan: {
        formatId: 1002,
        trackId: first.trackId,
        sold: 1200,
        licensed: 1000,
        shortfall: 200,
        pending: 0,
        uncovered: 200,
        tracksOver: 1,
      },
    });
    const staff = await clientStaff(db(), "Planned Records", "admin.planned@client.example");
    await reorderShortfall(db(), staff.actor, first.albumId, { formatId: 1002, marginPercent: 0 });
    expect((await readSales(key, first.releaseId)).body).toMatchObject({
      tracks: [{ trackId: first.trackId, pending: 200 }, { pending: 200 }],
      plan: { shortfall: 200, pending: 200, uncovered: 0 },
    });
  });

  it("is read by client staff of the account and by employees, never by a licensee user", async () => {
    const { key, accountId, first } = await licensedAlbum("Readers Records");
    await uploadSales(
      key,
      first.releaseId,
      salesCsv("date,trackId,store,units,format", `2026-11-10,${first.trackId},Shop,10,1002`),
    );
    const staff = await readSales(await staffKey(db()), first.releaseId);
    expect(staff.status).toBe(200);
    expect(staff.body.tracks[0]).toMatchObject({ sold: 10 });
    const licensee = await licenseeActor(db(), { accountId, licenseeId: first.licenseeId }, "lena.readers@example.com");
    await expect(getReleaseSales(db(), licensee, first.releaseId)).rejects.toMatchObject({ code: "forbidden" });
    const stranger = await clientKey(db(), "Stranger Sales Records");
    expect((await readSales(stranger.key, first.releaseId)).status).toBe(404);
  });
});
