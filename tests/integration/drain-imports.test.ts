import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, albums, licensees, releases, requests } from "@/db/schema";
import { setClock } from "@/lib/clock";
import { drainImports } from "@/lib/imports/drain-imports";
import { clientKey } from "../helpers/api";
import { importRow, postCheckedImport, readImport } from "../helpers/imports";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let label: { key: string; accountId: number };

beforeAll(async () => {
  label = await clientKey(db(), "Drain Records");
});

type RowView = { rowNumber: number; status: string; requestId: number | null };
const rowsOf = async (id: number) => (await readImport(label.key, id, "limit=1000")).body.rows as RowView[];
const filedOn = async (requestIds: number[]) =>
  Promise.all(
    requestIds.map(async (id) => {
      const [row] = await db()
        .select({ releaseId: requests.releaseId, albumId: releases.albumId, licenseeId: albums.licenseeId })
        .from(requests)
        .innerJoin(releases, eq(releases.id, requests.releaseId))
        .innerJoin(albums, eq(albums.id, releases.albumId))
        .where(eq(requests.id, id));
      return row!;
    }),
  );

describe("filing an import", () => {
  it("files rows sharing an albumKey on one album and one release, and identical licensee details as one licensee", async () => {
    const licenseesBefore = (await db().select({ n: count() }).from(licensees))[0]!.n;
    const res = await postCheckedImport(db(), label.key, [
      importRow("A1", "a"),
      importRow("B1", "b"),
      importRow("A2", "a"),
      importRow("Loose"),
    ]);
    await drainImports(db());
    const filed = await filedOn((await rowsOf(res.body.id)).map((r) => r.requestId!));
    const [a1, b1, a2, loose] = filed;
    expect(a2).toEqual(a1);
    expect(b1!.albumId).not.toBe(a1!.albumId);
    expect(loose!.albumId).not.toBe(a1!.albumId);
    expect(new Set(filed.map((f) => f.licenseeId)).size).toBe(1);
    expect((await db().select({ n: count() }).from(licensees))[0]!.n).toBe(licenseesBefore + 1);
  });

  it("refuses, in the check, rows of one albumKey that disagree on their album or release", async () => {
    const res = await postCheckedImport(db(), label.key, [
      importRow("K1", "k"),
      importRow("K2", "k", { releases: [{ formatId: 1002, releaseQuantity: 5 }] }),
    ]);
    expect(res.body.rows[1]).toMatchObject({
      status: "invalid",
      error: { code: "validation_failed", errors: [{ path: "albumKey" }] },
    });
  });

  it("resumes where a partial run stopped, and two drains at once never file a row twice", async () => {
    await drainImports(db()); // what earlier tests left queued
    const rows = Array.from({ length: 7 }, (_, i) => importRow(`Resume ${i}`, "resume"));
    const res = await postCheckedImport(db(), label.key, rows);
    expect(await drainImports(db(), { batchSize: 3, maxBatches: 1 })).toBe(3);
    const partial = await readImport(label.key, res.body.id);
    expect(partial.body).toMatchObject({
      status: "running",
      counts: { filed: 3, pending: 4 },
      progress: { done: 3, of: 7, percent: 42 },
    });

    await Promise.all([drainImports(db(), { batchSize: 2 }), drainImports(db(), { batchSize: 2 })]);
    const after = await rowsOf(res.body.id);
    expect(after.every((r) => r.status === "filed")).toBe(true);
    const ids = after.map((r) => r.requestId!);
    expect(new Set(ids).size).toBe(7);
    const filedForImport = await db()
      .select({ n: count() })
      .from(requests)
      .where(eq(requests.releaseId, (await filedOn([ids[0]!]))[0]!.releaseId));
    expect(filedForImport[0]!.n).toBe(7);
    expect((await readImport(label.key, res.body.id)).body).toMatchObject({
      status: "done",
      progress: { percent: 100 },
    });
    expect(await drainImports(db())).toBe(0);
  });

  it("leaves a suspended account's imports waiting, and files them once it is active again", async () => {
    await drainImports(db());
    const res = await postCheckedImport(db(), label.key, [importRow("Suspended")]);
    await db().update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, label.accountId));
    try {
      expect(await drainImports(db())).toBe(0);
    } finally {
      await db().update(accounts).set({ suspendedAt: null }).where(eq(accounts.id, label.accountId));
    }
    expect(await drainImports(db())).toBe(1);
    expect((await rowsOf(res.body.id))[0]!.status).toBe("filed");
  });

  it("marks a row failed when filing refuses what the check allowed (its release month has passed meanwhile), and files the rest", async () => {
    await drainImports(db());
    setClock(new Date("2030-01-15T12:00:00Z"));
    try {
      const res = await postCheckedImport(db(), label.key, [
        importRow("Fine"),
        importRow("Late", undefined, {
          releases: [{ formatId: 1002, releaseQuantity: 10, releaseMonth: 2, releaseYear: 2030 }],
        }),
      ]);
      expect(res.body.counts).toMatchObject({ pending: 2, invalid: 0 });
      setClock(new Date("2030-03-15T12:00:00Z"));
      await drainImports(db());
      const rows = (await readImport(label.key, res.body.id)).body.rows;
      expect(rows.map((r: RowView) => r.status)).toEqual(["filed", "failed"]);
      expect(rows[1].error).toMatchObject({ code: "release_date_in_past" });
    } finally {
      setClock(undefined);
    }
  });
});
