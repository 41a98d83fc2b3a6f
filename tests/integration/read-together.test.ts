import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readTogether } from "@/db/read-together";
import { clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { patchAlbum, patchTrack } from "../helpers/patch";
import { beginLicensing } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

/** What node-postgres warns while `work` runs: it deprecates queueing a query on a busy client (pg@9 refuses it). */
async function warningsDuring(work: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const listen = (w: Error) => warnings.push(w.message);
  process.on("warning", listen);
  try {
    await work();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", listen);
  }
  return warnings;
}

describe("independent reads", () => {
  it("give their results in the order asked, on the database and inside a transaction", async () => {
    const reads = (conn: Parameters<typeof readTogether>[0]) =>
      readTogether(
        conn,
        () => conn.execute<{ n: number }>(sql`select 1 as n`),
        () => conn.execute<{ n: number }>(sql`select 2 as n`),
        () => conn.execute<{ n: number }>(sql`select 3 as n`),
      );
    const outside = await reads(db());
    const inside = await db().transaction((tx) => reads(tx));
    for (const results of [outside, inside]) expect(results.map((r) => r.rows[0]!.n)).toEqual([1, 2, 3]);
  });

  it("inside an edit's transaction (the album's lock state) queue no query on a busy connection", async () => {
    const { key } = await clientKey(db(), "Reads in turn");
    const r = await fileRequest(key);
    const warnings = await warningsDuring(async () => {
      expect((await patchTrack(key, r.trackId, { externalTrackId: "in-time" })).status).toBe(200);
      await beginLicensing(db(), r.id);
      expect((await patchAlbum(key, r.albumId, { title: "Too late" })).status).toBe(409);
    });
    expect(warnings.filter((m) => m.includes("already executing"))).toEqual([]);
  });
});
