import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as albumRoute from "@/app/api/albums/[id]/route";
import * as albumsRoute from "@/app/api/albums/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import { releases } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now, setClock } from "@/lib/clock";
import { checkImports } from "@/lib/imports/check-imports";
import { confirmImport } from "@/lib/imports/confirm-import";
import { drainImports } from "@/lib/imports/drain-imports";
import { getImport } from "@/lib/imports/get-import";
import { uploadImportCsv } from "@/lib/imports/upload-import-csv";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { call, clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { patchRelease } from "../helpers/patch";
import { clientStaff } from "../helpers/people";
import { beginLicensing } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

// Issue 43: a release carries its label, catalog number and, for physical formats, the day its copies are made; the
// notices are then due by the earlier of the day before the release month and 30 days after making (17 U.S.C.
// § 115(b)(1)), never before the day the request was filed.
const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let key: string;
beforeAll(async () => {
  key = (await clientKey(db(), "Pressing Plant Records")).key;
});
// Filed on 2031-01-10: January is open, the earliest allowed month.
beforeEach(() => setClock(new Date("2031-01-10T15:00:00Z")));
afterEach(() => setClock(undefined));

const CD = 1001;
const VINYL = 1005;
const DOWNLOADS = 1002;
// Titles no search for another one matches.
const WORDS = [
  "Alfa",
  "Bravo",
  "Charlie",
  "Delta",
  "Echo",
  "Foxtrot",
  "Golf",
  "Hotel",
  "India",
  "Juliett",
  "Kilo",
  "Lima",
  "Mike",
  "November",
  "Oscar",
  "Papa",
  "Quebec",
  "Romeo",
  "Sierra",
  "Tango",
];
let titles = 0;
const newTitle = () => `Pressed ${WORDS[titles++]} Song`;

/** The notices' due date the staff queue shows for the request filed with the song `title`. */
const dueOnOf = async (title: string) => {
  const queue = await listQueue(db(), employee, queueQuery.parse({ q: title }));
  expect(queue.items).toHaveLength(1);
  return queue.items[0]!.dueOn;
};

const file = (title: string, release: Record<string, unknown>) =>
  call(requestsRoute.POST, "POST", "/api/requests", {
    key,
    body: requestBody({ track: { song: { title, originalRecordingArtist: "Someone" }, releases: [release] } }),
  });
const readAlbum = (albumId: number) =>
  call(albumRoute.GET, "GET", `/api/albums/${albumId}`, { key, params: { id: String(albumId) } });

describe("a release's manufacture date moves its notices' due date", () => {
  it.each([
    ["no manufacture date: the day before the release month", { releaseMonth: 4 }, "2031-03-31"],
    [
      "made on February 10: 30 days after, before April",
      { releaseMonth: 4, manufactureDate: "2031-02-10" },
      "2031-03-12",
    ],
    [
      "made on March 15: the day before April comes first",
      { releaseMonth: 4, manufactureDate: "2031-03-15" },
      "2031-03-31",
    ],
    [
      "made on the last day of the release month: the day before it",
      { releaseMonth: 4, manufactureDate: "2031-04-30" },
      "2031-03-31",
    ],
    ["made 20 days ago: 10 days from today", { releaseMonth: 6, manufactureDate: "2030-12-21" }, "2031-01-20"],
    [
      "released this month: due the day filed, whatever the manufacture date",
      { releaseMonth: 1, manufactureDate: "2031-01-05" },
      "2031-01-10",
    ],
  ])("%s", async (_case, release, dueOn) => {
    const title = newTitle();
    const res = await file(title, { formatId: VINYL, releaseQuantity: 300, releaseYear: 2031, ...release });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The filing day is the row's own timestamp, which the database writes from its clock, not the test's.
    await db().execute(
      sql`update requests set date_added = ${now().toISOString()}::timestamptz where id = ${res.body.id}`,
    );
    expect(await dueOnOf(title)).toBe(dueOn);
  });

  it("a PATCH of the manufacture date moves the due date of every open request on the release", async () => {
    const title = newTitle();
    const first = await fileRequest(
      key,
      requestBody({
        track: {
          song: { title, originalRecordingArtist: "Someone" },
          releases: [{ formatId: CD, releaseQuantity: 500, releaseMonth: 5, releaseYear: 2031 }],
        },
      }),
    );
    const secondTitle = newTitle();
    await fileRequest(
      key,
      requestBody({
        track: {
          album: { id: first.albumId },
          song: { title: secondTitle, originalRecordingArtist: "Someone Else" },
          releases: [{ id: first.releaseId }],
        },
      }),
    );
    expect([await dueOnOf(title), await dueOnOf(secondTitle)]).toEqual(["2031-04-30", "2031-04-30"]);

    const res = await patchRelease(key, first.trackId, first.releaseId, { manufactureDate: "2031-02-01" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ manufactureDate: "2031-02-01" });
    expect([await dueOnOf(title), await dueOnOf(secondTitle)]).toEqual(["2031-03-03", "2031-03-03"]);

    // A later pressing moves it back; removing the date leaves the release month's rule alone.
    await patchRelease(key, first.trackId, first.releaseId, { manufactureDate: "2031-04-20" });
    expect(await dueOnOf(title)).toBe("2031-04-30");
    await patchRelease(key, first.trackId, first.releaseId, { manufactureDate: "2031-03-01" });
    expect(await dueOnOf(title)).toBe("2031-03-31");
    await patchRelease(key, first.trackId, first.releaseId, { manufactureDate: null });
    expect(await dueOnOf(title)).toBe("2031-04-30");
  });
});

describe("the release details on every path that creates, reads or changes a release", () => {
  it("POST /api/requests stores label, catalog number and manufacture date; the album's view shows them", async () => {
    const filed = await fileRequest(
      key,
      requestBody({
        track: {
          releases: [
            {
              formatId: CD,
              releaseQuantity: 500,
              releaseMonth: 3,
              releaseYear: 2031,
              label: "  Basement Tapes  ",
              catalogNumber: "BT-0042",
              manufactureDate: "2031-02-01",
            },
          ],
        },
      }),
    );
    const album = await readAlbum(filed.albumId);
    expect(album.body.releases).toEqual([
      expect.objectContaining({ label: "Basement Tapes", catalogNumber: "BT-0042", manufactureDate: "2031-02-01" }),
    ]);
  });

  it("a release without them shows nulls; a digital release may carry a label and catalog number", async () => {
    const filed = await fileRequest(
      key,
      requestBody({
        track: { releases: [{ formatId: DOWNLOADS, releaseQuantity: 100, label: "Net Label", catalogNumber: "" }] },
      }),
    );
    const album = await readAlbum(filed.albumId);
    expect(album.body.releases).toEqual([
      expect.objectContaining({ label: "Net Label", catalogNumber: null, manufactureDate: null }),
    ]);
  });

  it("POST /api/albums files the album on a release with its details", async () => {
    const res = await call(albumsRoute.POST, "POST", "/api/albums", {
      key,
      body: {
        album: {
          title: "Pressed Album",
          artist: "The Pressers",
          licensee: { companyName: "Pressers LLC", email: "p@pressers.example.com" },
        },
        release: {
          formatId: VINYL,
          releaseQuantity: 300,
          releaseMonth: 6,
          releaseYear: 2031,
          label: "Wax",
          catalogNumber: "WAX-1",
          manufactureDate: "2031-03-01",
        },
        tracks: [{ lengthInSeconds: 200, song: { title: "Album Pressing", originalRecordingArtist: "Someone" } }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const album = await readAlbum(res.body.albumId);
    expect(album.body.releases).toEqual([
      expect.objectContaining({ label: "Wax", catalogNumber: "WAX-1", manufactureDate: "2031-03-01" }),
    ]);
    expect(await dueOnOf("Album Pressing")).toBe("2031-03-31");
  });

  it("a reorder (POST /api/tracks/{id}/requests) makes a new release with its own details", async () => {
    const filed = await fileRequest(
      key,
      requestBody({ track: { song: { title: "Reordered", originalRecordingArtist: "X" } } }),
    );
    const res = await call(trackRequestsRoute.POST, "POST", `/api/tracks/${filed.trackId}/requests`, {
      key,
      params: { id: String(filed.trackId) },
      body: {
        formatId: CD,
        releaseQuantity: 200,
        releaseMonth: 8,
        releaseYear: 2031,
        label: "Second Press",
        catalogNumber: "SP-2",
        manufactureDate: "2031-06-01",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const album = await readAlbum(filed.albumId);
    expect(album.body.releases).toContainEqual(
      expect.objectContaining({
        formatId: CD,
        label: "Second Press",
        catalogNumber: "SP-2",
        manufactureDate: "2031-06-01",
      }),
    );
  });

  it("PATCH changes the label and catalog number until licensing has begun on the release, then refuses them", async () => {
    const filed = await fileRequest(
      key,
      requestBody({ track: { releases: [{ formatId: CD, releaseQuantity: 50, manufactureDate: "2031-01-12" }] } }),
    );
    const res = await patchRelease(key, filed.trackId, filed.releaseId, { label: "New Label", catalogNumber: "NL-9" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ label: "New Label", catalogNumber: "NL-9", manufactureDate: "2031-01-12" });

    await beginLicensing(db(), filed.id);
    for (const change of [{ label: "Late Label" }, { catalogNumber: "LATE-1" }, { manufactureDate: "2031-01-15" }]) {
      const refused = await patchRelease(key, filed.trackId, filed.releaseId, change);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "licensing_begun", errors: [{ path: Object.keys(change)[0] }] });
    }
  });
});

describe("manufacture dates that cannot be", () => {
  const refused = (res: { status: number; body: Record<string, unknown> }, code: string, path: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(code);
    const errors = res.body.errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path)).toEqual([path]);
    return errors[0]!.message;
  };

  it.each([
    [
      "a digital format",
      { formatId: DOWNLOADS, manufactureDate: "2031-02-01" },
      "only a physical format (CD, vinyl, cassette…) has a manufacture date; Digital Downloads is not one",
    ],
    [
      "after the release month's last day",
      { formatId: CD, releaseMonth: 3, releaseYear: 2031, manufactureDate: "2031-04-01" },
      "must be on or before March 31, 2031, the last day of the release month",
    ],
    [
      "more than 30 days ago",
      { formatId: CD, manufactureDate: "2030-12-10" },
      "is more than 30 days ago: a notice must be served within 30 days after the copies are made",
    ],
    [
      "not a calendar day",
      { formatId: CD, manufactureDate: "2031-02-30" },
      'must be a calendar date such as "2026-11-23"',
    ],
    ["not a date", { formatId: CD, manufactureDate: "next week" }, 'must be a calendar date such as "2026-11-23"'],
  ])("POST /api/requests refuses %s, naming the field", async (_case, release, message) => {
    const res = await file(newTitle(), { releaseQuantity: 10, ...release });
    expect(refused(res, "validation_failed", "track.releases.0.manufactureDate")).toContain(message);
  });

  it("the month generated for a release bounds its manufacture date too", async () => {
    const res = await file(newTitle(), { formatId: CD, releaseQuantity: 10, manufactureDate: "2031-02-01" });
    expect(refused(res, "validation_failed", "track.releases.0.manufactureDate")).toContain("January 31, 2031");
  });

  it("a reorder refuses a manufacture date on a digital format", async () => {
    const filed = await fileRequest(key);
    const res = await call(trackRequestsRoute.POST, "POST", `/api/tracks/${filed.trackId}/requests`, {
      key,
      params: { id: String(filed.trackId) },
      body: { formatId: DOWNLOADS, releaseQuantity: 200, manufactureDate: "2031-01-10" },
    });
    refused(res, "validation_failed", "manufactureDate");
  });

  it("PATCH refuses a digital format's manufacture date, a move to digital that keeps one, and a month before it", async () => {
    const digital = await fileRequest(key);
    refused(
      await patchRelease(key, digital.trackId, digital.releaseId, { manufactureDate: "2031-01-20" }),
      "invalid_patch",
      "manufactureDate",
    );

    const cd = await fileRequest(
      key,
      requestBody({
        track: {
          releases: [
            { formatId: CD, releaseQuantity: 50, releaseMonth: 4, releaseYear: 2031, manufactureDate: "2031-03-20" },
          ],
        },
      }),
    );
    refused(
      await patchRelease(key, cd.trackId, cd.releaseId, { formatId: DOWNLOADS }),
      "invalid_patch",
      "manufactureDate",
    );
    expect(
      refused(
        await patchRelease(key, cd.trackId, cd.releaseId, { releaseMonth: 2 }),
        "invalid_patch",
        "manufactureDate",
      ),
    ).toContain("February 28, 2031");
    // Both together are fine: the format changes and the date goes.
    const res = await patchRelease(key, cd.trackId, cd.releaseId, { formatId: DOWNLOADS, manufactureDate: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ formatId: DOWNLOADS, manufactureDate: null });
  });

  it("a date kept from filing stays valid as time passes: a later change of the label is not refused", async () => {
    const filed = await fileRequest(
      key,
      requestBody({
        track: {
          releases: [
            { formatId: CD, releaseQuantity: 50, releaseMonth: 5, releaseYear: 2031, manufactureDate: "2031-01-10" },
          ],
        },
      }),
    );
    setClock(new Date("2031-03-20T15:00:00Z"));
    const res = await patchRelease(key, filed.trackId, filed.releaseId, { label: "Renamed" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("the CSV import's release columns", () => {
  it("files label, catalog number and manufacture date, and shows a digital row's manufacture date on its cell", async () => {
    const staff = (await clientStaff(db(), "CSV Pressings", "pressings@example.com", "member")).actor;
    const header =
      "albumKey,albumTitle,albumArtist,licenseeCompanyName,licenseeEmail,releaseFormat,releaseQuantity,releaseMonth," +
      "releaseYear,releaseLabel,releaseCatalogNumber,releaseManufactureDate,trackLength,songTitle,songWriters";
    const row = (key: string, format: number, made: string, song: string) =>
      `${key},Pressings,The Band,Label LLC,rights@example.com,${format},300,4,2031,Basement,CSV-${key},${made},3:35,${song},A Writer`;
    const view = await uploadImportCsv(db(), staff, {
      filename: "pressings.csv",
      text: [header, row("cd", CD, "2031-02-10", "Csv Vinyl Song"), row("dl", DOWNLOADS, "2031-02-10", "Csv Net")].join(
        "\n",
      ),
    });
    // Whether a format is physical is the filing's rule: the check's dry run finds it.
    await checkImports(db());
    const checked = await getImport(db(), staff, view.id);
    expect(checked.rows.map((r) => r.status)).toEqual(["pending", "invalid"]);
    expect(checked.rows[1]!.error!.errors).toEqual([
      expect.objectContaining({ column: "releaseManufactureDate", path: "track.releases.0.manufactureDate" }),
    ]);
    await confirmImport(db(), staff, view.id);
    await drainImports(db());
    expect(await getImport(db(), staff, view.id)).toMatchObject({ status: "done", counts: { filed: 1, invalid: 1 } });
    const [release] = await db().select().from(releases).where(eq(releases.catalogNumber, "CSV-cd"));
    expect(release).toMatchObject({ label: "Basement", manufactureDate: "2031-02-10" });
    expect(await dueOnOf("Csv Vinyl Song")).toBe("2031-03-12");
  });
});
