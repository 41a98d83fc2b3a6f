import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import { albums } from "@/db/schema";
import { call, clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { patchAlbum } from "../helpers/patch";
import { rowCounts } from "../helpers/row-counts";
import { beginLicensing } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("load-shaped races", () => {
  it("20 concurrent POSTs with one Idempotency-Key and body file exactly one request, and all get its response", async () => {
    const { key } = await clientKey(db(), "Burst Records");
    const body = requestBody({ track: { song: { title: "Burst", originalRecordingArtist: "Twenty" } } });
    const before = await rowCounts(db());
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(requestsRoute.POST, "POST", "/api/requests", { key, body, headers: { "Idempotency-Key": "burst-1" } }),
      ),
    );
    const after = await rowCounts(db());
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(after.requests - before.requests).toBe(1);
    expect(after.albums - before.albums).toBe(1);
    expect(after.idempotencyKeys - before.idempotencyKeys).toBe(1);
  });

  it("200 PATCHes of an album from 20 concurrent callers racing 'begin licensing': none changes the album after licensing began", async () => {
    const { key } = await clientKey(db(), "Race Load Records");
    const filed = await fileRequest(key);
    let answered = 0;
    let titleWhenLicensingBegan: string | undefined;
    let licensing: Promise<void> | undefined;
    // Licensing begins in the middle of the stream, under the album's row lock like the real use case.
    const beginLicensingNow = () =>
      beginLicensing(db(), filed.id, async (tx) => {
        const [album] = await tx.select({ title: albums.title }).from(albums).where(eq(albums.id, filed.albumId));
        titleWhenLicensingBegan = album!.title;
      });
    // 20 callers, 10 PATCHes each, back to back: 200 in all, with licensing beginning among them.
    const results: Awaited<ReturnType<typeof patchAlbum>>[] = [];
    const callers = Array.from({ length: 20 }, async (_, c) => {
      for (let i = 0; i < 10; i++) {
        results.push(await patchAlbum(key, filed.albumId, { title: `Edit ${c}.${i}` }));
        if (++answered === 40) licensing = beginLicensingNow();
      }
    });
    await Promise.all(callers);
    await licensing;
    expect(results).toHaveLength(200);
    const codes = new Set(results.map((r) => (r.status === 200 ? "200" : `${r.status} ${r.body.code}`)));
    expect([...codes].sort()).toEqual(["200", "409 licensing_begun"]);
    const [album] = await db().select({ title: albums.title }).from(albums).where(eq(albums.id, filed.albumId));
    expect(album!.title).toBe(titleWhenLicensingBegan);
    console.log(
      `[load race] ${results.filter((r) => r.status === 200).length} PATCHes before licensing, ` +
        `${results.filter((r) => r.status === 409).length} refused after; album unchanged since licensing began`,
    );
  });
});
