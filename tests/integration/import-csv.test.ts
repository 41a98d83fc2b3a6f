import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { checkImports } from "@/lib/imports/check-imports";
import { confirmImport } from "@/lib/imports/confirm-import";
import { CSV_COLUMN_NAMES, csvTemplate } from "@/lib/imports/csv-columns";
import { drainImports } from "@/lib/imports/drain-imports";
import { getImport } from "@/lib/imports/get-import";
import { uploadImportCsv } from "@/lib/imports/upload-import-csv";
import { clientStaff } from "../helpers/people";
import { databaseSnapshot } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let staff: Actor;

beforeAll(async () => {
  staff = (await clientStaff(db(), "CSV Records", "csv@example.com", "member")).actor;
});

const HEADER =
  "albumKey,albumTitle,albumArtist,licenseeCompanyName,licenseeEmail,releaseFormat,releaseQuantity,trackLength,songTitle,songWriters";
const line = (cells: string) => `${cells}\n`;
const csv = (...rows: string[]) => line(HEADER) + rows.map(line).join("");
const GOOD = (song: string, key = "k1") =>
  `${key},Covers,The Band,Label LLC,rights@example.com,1002,500,3:35,${song},"Lennon, McCartney"`;

describe("uploading a CSV", () => {
  it("maps each row to a POST /api/requests body and shows its errors on its cells; nothing is filed before the confirmation", async () => {
    const before = await databaseSnapshot(db());
    const view = await uploadImportCsv(db(), staff, {
      filename: "covers.csv",
      text: csv(GOOD("Yesterday"), "k2,Covers 2,The Band,,rights@example.com,1002,lots,9:99,,", GOOD("Let It Be")),
    });
    expect(view).toMatchObject({
      source: "csv",
      filename: "covers.csv",
      status: "checking",
      counts: { rows: 3, unchecked: 2, invalid: 1 },
    });
    const cells = view.rows[1]!.error!.errors.map((e) => [e.column, e.message]);
    expect(cells).toEqual(
      expect.arrayContaining([
        ["releaseQuantity", "must be an integer of at least 1"],
        ["trackLength", "must be an integer number of seconds"],
        ["songTitle", "is required"],
        ["licenseeLastName", "a licensee needs lastName or companyName"],
      ]),
    );
    expect(await confirmImport(db(), staff, view.id)).toMatchObject({ status: "checking" }); // not before the preview
    await checkImports(db());
    expect(await getImport(db(), staff, view.id)).toMatchObject({
      status: "previewed",
      counts: { rows: 3, unchecked: 0, pending: 2, invalid: 1 },
      progress: { percent: 0 },
    });
    // Only the import itself was written, checked included: its rows, no request, album, licensee or audit event.
    const after = await databaseSnapshot(db());
    const changed = Object.keys(after)
      .filter((t) => after[t] !== before[t])
      .sort();
    expect(changed).toEqual(["import_rows", "imports"]);
    await drainImports(db());
    expect((await getImport(db(), staff, view.id)).counts.filed).toBe(0);

    const queued = await confirmImport(db(), staff, view.id);
    expect(queued.status).toBe("queued");
    await drainImports(db());
    const done = await getImport(db(), staff, view.id);
    expect(done).toMatchObject({ status: "done", counts: { filed: 2, invalid: 1 } });
    expect((await confirmImport(db(), staff, view.id)).counts.filed).toBe(2);
  });

  it("shows the use case's refusals on their cells too (a release month already past)", async () => {
    const text =
      "releaseMonth,releaseYear,albumTitle,albumArtist,licenseeLastName,licenseeEmail,releaseFormat,releaseQuantity,songTitle,songOriginalArtist\n1,2001,Old,Band,Doe,d@example.com,1002,5,Song,Them\n";
    const { id } = await uploadImportCsv(db(), staff, { filename: "old.csv", text });
    await checkImports(db());
    const view = await getImport(db(), staff, id);
    expect(view.rows[0]!.error).toMatchObject({ code: "release_date_in_past" });
    expect(view.rows[0]!.error!.errors.map((e) => e.column)).toContain("releaseMonth");
  });

  it("refuses a file that is not ours: an unknown column, malformed CSV, no rows, a workbook", async () => {
    const refused = (text: string) => uploadImportCsv(db(), staff, { filename: "x.csv", text });
    await expect(refused("albumTitel,songTitle\nA,B\n")).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "file", message: expect.stringContaining('unknown column "albumTitel"') }],
    });
    await expect(refused('songTitle\n"unclosed\n')).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "file" }],
    });
    await expect(refused(`${HEADER}\n`)).rejects.toMatchObject({
      errors: [{ path: "file", message: "has no rows under its header" }],
    });
    // An .xlsx read as text, as the browser hands it over: a zip archive.
    await expect(refused("PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml")).rejects.toMatchObject({
      errors: [
        {
          path: "file",
          message: 'is a spreadsheet workbook (XLSX or ODS), not CSV: save it as "CSV UTF-8" and upload that file',
        },
      ],
    });
  });

  it("offers a template whose header is every column and whose example row is valid", async () => {
    const template = csvTemplate();
    expect(template.split("\r\n")[0]).toBe(CSV_COLUMN_NAMES.join(","));
    const { id } = await uploadImportCsv(db(), staff, { filename: "template.csv", text: template });
    await checkImports(db());
    expect((await getImport(db(), staff, id)).counts).toMatchObject({ rows: 1, pending: 1 });
  });

  it("is client staff's: a licensee user may not upload or read an import", async () => {
    const view = await uploadImportCsv(db(), staff, { filename: "mine.csv", text: csv(GOOD("Mine", "m")) });
    const licensee: Actor = { kind: "licensee", name: "Lee", accountId: 1, licenseeId: crypto.randomUUID(), userId: 1 };
    await expect(uploadImportCsv(db(), licensee, { filename: "x.csv", text: csv(GOOD("X")) })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(confirmImport(db(), licensee, view.id)).rejects.toMatchObject({ code: "forbidden" });
  });
});
