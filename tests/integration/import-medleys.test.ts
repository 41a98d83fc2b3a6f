import { beforeAll, describe, expect, it } from "vitest";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { setClock } from "@/lib/clock";
import { checkImports } from "@/lib/imports/check-imports";
import { confirmImport } from "@/lib/imports/confirm-import";
import { drainImports } from "@/lib/imports/drain-imports";
import { getImport } from "@/lib/imports/get-import";
import { uploadImportCsv } from "@/lib/imports/upload-import-csv";
import { findRequestView } from "@/lib/requests/request-view";
import { clientStaff } from "../helpers/people";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let staff: Actor;

beforeAll(async () => {
  staff = (await clientStaff(db(), "Medley Import Records", "medleys@example.com", "member")).actor;
});

type Row = Partial<
  Record<
    "albumKey" | "albumId" | "licenseeId" | "release" | "song" | "medley" | "trackKey" | "medleyKey" | "medleyTrackId",
    string
  >
>;
const HEADER =
  "albumKey,albumTitle,albumArtist,licenseeCompanyName,licenseeEmail,licenseeId,albumId,releaseFormat,releaseQuantity,releaseMonth,releaseYear,songTitle,songWriters,medley,trackKey,medleyKey,medleyTrackId";
/** A row on a new album "Medleys" (or `albumId`'s), a new licensee (or `licenseeId`); `release` is "month/year". */
const line = (r: Row) => {
  const [month, year] = r.release?.split("/") ?? ["", ""];
  const album = r.albumId
    ? ["", "", "", "", "", r.albumId]
    : [
        "Medleys",
        "The Followers",
        r.licenseeId ? "" : "Followers LLC",
        r.licenseeId ? "" : "f@example.com",
        r.licenseeId ?? "",
        "",
      ];
  return [
    r.albumKey ?? "",
    ...album,
    "1002",
    "500",
    month,
    year,
    r.song ?? "Song",
    "A. Writer",
    r.medley ?? "",
    r.trackKey ?? "",
    r.medleyKey ?? "",
    r.medleyTrackId ?? "",
  ].join(",");
};
const upload = async (...rows: Row[]) =>
  (await uploadImportCsv(db(), staff, { filename: "medleys.csv", text: [HEADER, ...rows.map(line)].join("\n") + "\n" }))
    .id;
const read = (id: number) => getImport(db(), staff, id, { from: 1, limit: 1000 });
const errorsOf = async (id: number) =>
  (await read(id)).rows.map((r) =>
    r.error ? r.error.errors.map((e) => `${e.column}: ${e.message}`).join("; ") || r.error.detail : r.status,
  );
const whole: Row = { albumKey: "m", song: "Jolene / Landslide", medley: "yes", trackKey: "jl" };
const part = (song: string, more: Row = {}): Row => ({ albumKey: "m", song, medleyKey: "jl", ...more });

describe("a medley and its parts in one import", () => {
  it("files the medley first and each part joined to it, on one album and release, even across chunks and batches", async () => {
    const id = await upload(whole, part("Jolene"), part("Landslide"));
    await checkImports(db(), { chunkSize: 1 }); // each part checked in a chunk after its medley's
    expect((await read(id)).counts).toMatchObject({ pending: 3, invalid: 0 });
    await confirmImport(db(), staff, id);
    await drainImports(db(), { batchSize: 1 }); // the medley's track id carried from batch to batch
    const [w, a, b] = (await read(id)).rows;
    expect([w, a, b].map((r) => r!.status)).toEqual(["filed", "filed", "filed"]);

    const view = (requestId: number | null) => findRequestView(db(), scopeOf(staff), requestId!);
    const medley = await view(w!.requestId);
    expect(medley.medley).toMatchObject({ kind: "whole", partCount: 2 });
    expect(medley.medley?.kind === "whole" && medley.medley.parts.map((p) => p.title)).toEqual(["Jolene", "Landslide"]);
    for (const p of [await view(a!.requestId), await view(b!.requestId)]) {
      expect(p.medley).toEqual({ kind: "part", wholeTrackId: medley.trackId });
      expect([p.albumId, p.releaseId]).toEqual([medley.albumId, medley.releaseId]);
    }
  });

  it("refuses, by cell, every row that breaks a rule of trackKey and medleyKey", async () => {
    const id = await upload(
      whole,
      { albumKey: "x", song: "Twin", trackKey: "jl" },
      part("Nowhere", { medleyKey: "nope" }),
      { albumKey: "m2", song: "Plain", trackKey: "plain" },
      part("Of a plain track", { albumKey: "m2", medleyKey: "plain" }),
      part("Other album", { albumKey: "other" }),
      part("No album key", { albumKey: "" }),
      part("Medley too", { medley: "yes" }),
      { albumKey: "bad", song: "", medley: "yes", trackKey: "broken" },
      part("Of a broken medley", { albumKey: "bad", medleyKey: "broken" }),
      { song: "Keyless medley", medley: "yes", trackKey: "keyless" },
      part("Of a keyless medley", { albumKey: "", medleyKey: "keyless" }),
      { albumKey: "old", albumId: "999999", song: "On an old album", medley: "yes", trackKey: "old" },
      { albumKey: "old", albumId: "999999", song: "Both", medleyKey: "old", medleyTrackId: "5" },
    );
    expect((await read(id)).rows.slice(0, 14).map((r) => r.status)).toEqual([
      ...[
        "unchecked",
        "invalid",
        "invalid",
        "unchecked",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "unchecked",
        "invalid",
        "unchecked",
        "invalid",
      ],
    ]);
    const errors = await errorsOf(id);
    expect(errors[1]).toBe('trackKey: row 1 already has trackKey "jl": a trackKey names one row of the import');
    expect(errors[2]).toBe('medleyKey: no earlier row has trackKey "nope": a medley comes before its parts');
    expect(errors[4]).toBe("medleyKey: row 4 is not a medley (give it medley: yes)");
    expect(errors[5]).toBe('albumKey: must be "m", the albumKey of its medley, row 1');
    expect(errors[6]).toBe('albumKey: must be "m", the albumKey of its medley, row 1');
    expect(errors[7]).toBe("medley: a medley part (medleyKey) cannot be a medley itself");
    expect(errors[9]).toBe("medleyKey: its medley, row 9, has errors");
    expect(errors[11]).toBe("medleyKey: its medley, row 11, has no albumKey: a medley and its parts share one");
    expect(errors[13]).toBe("medleyTrackId: a part names its medley by medleyKey or by medleyTrackId, not both");
  });

  it("refuses, in the dry run, the parts of a medley it refuses, in its chunk or a later one: they share its album and release", async () => {
    const nobody = "00000000-0000-4000-8000-000000000000";
    const id = await upload(
      { ...whole, licenseeId: nobody },
      part("Jolene", { licenseeId: nobody }),
      part("Landslide", { licenseeId: nobody }),
    );
    await checkImports(db(), { chunkSize: 2 });
    expect(await errorsOf(id)).toEqual([
      "licenseeId: was not found",
      "licenseeId: was not found",
      "licenseeId: was not found",
    ]);
  });

  it("refuses at filing a part whose medley was refused when filed", async () => {
    setClock(new Date("2030-01-15T12:00:00Z"));
    try {
      const id = await upload({ ...whole, release: "2/2030" }, part("Jolene", { release: "2/2030" }));
      await checkImports(db());
      await confirmImport(db(), staff, id);
      setClock(new Date("2030-03-15T12:00:00Z"));
      await drainImports(db());
      const rows = (await read(id)).rows;
      expect(rows.map((r) => [r.status, r.error?.code])).toEqual([
        ["failed", "release_date_in_past"],
        ["failed", "validation_failed"],
      ]);
      expect(rows[1]!.error!.errors).toEqual([
        { path: "medleyKey", column: "medleyKey", message: 'its medley (trackKey "jl") was not filed' },
      ]);
    } finally {
      setClock(undefined);
    }
  });
});
