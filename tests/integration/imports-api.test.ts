import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as importsRoute from "@/app/api/imports/route";
import * as resultRoute from "@/app/api/imports/[id]/result.csv/route";
import { requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { checkImports } from "@/lib/imports/check-imports";
import { drainImports } from "@/lib/imports/drain-imports";
import { getImport } from "@/lib/imports/get-import";
import { MAX_API_IMPORT_ROWS } from "@/lib/imports/import-row-schema";
import { call, clientKey, staffKey } from "../helpers/api";
import { importRow, postCheckedImport, postImport, readImport } from "../helpers/imports";
import { expectProblem } from "../helpers/problem";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let label: { key: string; accountId: number };
let other: { key: string; accountId: number };
let staff: string;
const requestsOf = async (accountId: number) =>
  (await db().select({ n: count() }).from(requests).where(eq(requests.accountId, accountId)))[0]!.n;

beforeAll(async () => {
  label = await clientKey(db(), "Import Records");
  other = await clientKey(db(), "Other Records");
  staff = await staffKey(db());
});

describe("POST /api/imports", () => {
  it("parses every row up front (202, checking), checks and files only the valid ones in the background, and reports each row", async () => {
    const bad = importRow("Broken", undefined, { releases: [{ formatId: 1002, releaseQuantity: 0 }] });
    const res = await postImport(label.key, [importRow("One"), bad, importRow("Three")]);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      source: "api",
      status: "checking",
      queuedAt: null,
      counts: { rows: 3, unchecked: 2, pending: 0, invalid: 1, filed: 0 },
    });
    expect(res.body.progress).toEqual({ done: 1, of: 3, percent: 33 });
    expect(res.body.rows[1]).toMatchObject({
      rowNumber: 2,
      status: "invalid",
      requestId: null,
      error: { code: "validation_failed" },
    });
    expect(res.body.rows[1].error.errors).toEqual([
      { path: "track.releases.0.releaseQuantity", column: null, message: "must be at least 1" },
    ]);

    await checkImports(db());
    const queued = await readImport(label.key, res.body.id);
    expect(queued.body).toMatchObject({
      status: "queued",
      counts: { unchecked: 0, pending: 2, invalid: 1 },
      progress: { done: 0, of: 2 },
    });
    expect(queued.body.queuedAt).not.toBeNull();
    expect(await requestsOf(label.accountId)).toBe(0);

    await drainImports(db());
    const done = await readImport(label.key, res.body.id);
    expect(done.body).toMatchObject({
      status: "done",
      counts: { filed: 2, invalid: 1, pending: 0 },
      progress: { done: 2, of: 2, percent: 100 },
    });
    expect(done.body.rows.map((r: { requestId: number | null }) => r.requestId === null)).toEqual([false, true, false]);
    expect(await requestsOf(label.accountId)).toBe(2);
  });

  it("answers the use case's own refusals in the check (an unknown licensee id), as POST /api/requests would", async () => {
    const row = importRow("Nobody's", undefined, {
      album: { title: "A", artist: "B", licensee: { id: "00000000-0000-4000-8000-000000000000" } },
    });
    const res = await postCheckedImport(db(), label.key, [row]);
    expect(res.body).toMatchObject({ status: "done", progress: { percent: 100 } });
    expect(res.body.doneAt).not.toBeNull();
    expect(res.body.rows[0].error).toMatchObject({
      code: "not_found",
      errors: [{ path: "track.album.licensee.id", column: null }],
    });
  });

  it("takes a medley and its parts by trackKey and medleyKey, as the CSV columns of those names", async () => {
    const medley = {
      albumKey: "m",
      trackKey: "whole",
      ...importRow("Jolene / Landslide", undefined, { medley: true }),
    };
    const part = (song: string) => ({ albumKey: "m", medleyKey: "whole", ...importRow(song) });
    const res = await postCheckedImport(db(), label.key, [
      medley,
      part("Jolene"),
      part("Landslide"),
      { ...part("Stray"), medleyKey: "nope" },
    ]);
    expect(res.body).toMatchObject({ status: "queued", counts: { pending: 3, invalid: 1 } });
    expect(res.body.rows[3].error.errors).toEqual([
      {
        path: "medleyKey",
        column: null,
        message: 'no earlier row has trackKey "nope": a medley comes before its parts',
      },
    ]);
    await drainImports(db());
    expect((await readImport(label.key, res.body.id)).body.counts).toMatchObject({ filed: 3 });
  });

  it("is done at once when no row passes the schema: nothing is left to check or file", async () => {
    const res = await postImport(label.key, [{}, { track: {} }]);
    expect(res.body).toMatchObject({
      status: "done",
      counts: { rows: 2, invalid: 2, unchecked: 0 },
      progress: { percent: 100 },
    });
    expect(res.body.doneAt).not.toBeNull();
  });

  it("refuses a body that is not a list of rows, too many rows, and more than 1 MiB", async () => {
    expectProblem(
      await call(importsRoute.POST, "POST", "/api/imports", { key: label.key, body: { rows: [] } }),
      400,
      "validation_failed",
    );
    expectProblem(
      await call(importsRoute.POST, "POST", "/api/imports", { key: label.key, body: { row: [] } }),
      400,
      "validation_failed",
    );
    const many = Array.from({ length: MAX_API_IMPORT_ROWS + 1 }, () => ({}));
    expectProblem(await postImport(label.key, many), 400, "validation_failed");
    const big = Array.from({ length: 3000 }, (_, i) =>
      importRow(`Song ${i}`, undefined, { externalTrackId: "x".repeat(200) }),
    );
    expectProblem(await postImport(label.key, big), 413, "payload_too_large");
  });

  it("is client staff's: a staff key may not import", async () => {
    expectProblem(await postImport(staff, [importRow("Staff")]), 403, "forbidden");
  });
});

describe("reading an import", () => {
  it("pages its rows, and is its account's: another account reads 404, staff may read, licensee users are refused", async () => {
    const res = await postImport(label.key, [importRow("P1"), importRow("P2"), importRow("P3")]);
    const id = res.body.id as number;
    const page = await readImport(label.key, id, "from=2&limit=1");
    expect(page.body.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([2]);
    expect(page.body.nextFrom).toBe(3);
    expect((await readImport(label.key, id, "from=3&limit=5")).body.nextFrom).toBeNull();
    expectProblem(await readImport(label.key, id, "limit=0"), 400, "validation_failed");

    expectProblem(await readImport(other.key, id), 404, "not_found");
    expectProblem(
      await call(resultRoute.GET, "GET", `/api/imports/${id}/result.csv`, {
        key: other.key,
        params: { id: String(id) },
      }),
      404,
      "not_found",
    );
    expect((await readImport(staff, id)).status).toBe(200);
    const licensee: Actor = {
      kind: "licensee",
      name: "Lee",
      accountId: label.accountId,
      licenseeId: crypto.randomUUID(),
      userId: 1,
    };
    await expect(getImport(db(), licensee, id)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("gives the result as CSV: each row's request id or error", async () => {
    const bad = importRow("Bad", undefined, { song: { title: "", originalRecordingArtist: "X" } });
    const res = await postCheckedImport(db(), label.key, [importRow("Good"), bad]);
    await drainImports(db());
    const csv = await call(resultRoute.GET, "GET", `/api/imports/${res.body.id}/result.csv`, {
      key: label.key,
      params: { id: String(res.body.id) },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (csv.body as string).trim().split("\r\n");
    const filed = (await readImport(label.key, res.body.id)).body.rows[0].requestId as number;
    expect(lines).toEqual([
      "row,albumKey,status,requestId,errorCode,error",
      `1,,filed,${filed},,`,
      "2,,invalid,,validation_failed,track.song.title: must not be empty",
    ]);
  });
});
