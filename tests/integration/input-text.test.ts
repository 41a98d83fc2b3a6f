import { beforeAll, describe, expect, it } from "vitest";
import * as importsRoute from "@/app/api/imports/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as songsRoute from "@/app/api/songs/route";
import * as wallPostsRoute from "@/app/api/tracks/[id]/wallposts/route";
import { albumChanges } from "@/lib/albums/fields";
import { patchAlbum } from "@/lib/albums/patch-album";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { DomainError } from "@/lib/errors";
import { runFormAction } from "@/lib/forms/run-form-action";
import { acceptInvitation } from "@/lib/people/accept-invitation";
import { resetPassword } from "@/lib/people/reset-password";
import { searchParamsObject } from "@/lib/forms/search-params";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { errorPaths, expectProblem } from "../helpers/problem";
import { NEW_PASSWORD } from "../helpers/people";
import { rowCounts } from "../helpers/row-counts";
import { uploadSales } from "../helpers/sales";
import { setupTestDb } from "../helpers/test-db";

// One place refuses what PostgreSQL or a mail body cannot take (lib/input-text.ts, applied by parseInput): NUL
// anywhere, and line breaks or other control characters in one-line fields, through the API and server actions.
const db = setupTestDb();
let key: string;
let filed: Awaited<ReturnType<typeof fileRequest>>;
beforeAll(async () => {
  key = (await clientKey(db(), "Input Text Records")).key;
  filed = await fileRequest(key);
});

describe("NUL characters", () => {
  it("are refused in a query string with 400 naming the parameter, not a 500", async () => {
    const res = await call(songsRoute.GET, "GET", "/api/songs", { key: await staffKey(db()), query: "q=%00" });
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual(["q"]);
  });

  it("are refused in any text field of a JSON body, multi-line ones included, and nothing is stored", async () => {
    const before = await rowCounts(db());
    const wall = await call(wallPostsRoute.POST, "POST", `/api/tracks/${filed.trackId}/wallposts`, {
      key,
      params: { id: String(filed.trackId) },
      body: { message: "hello\u0000world" },
    });
    expectProblem(wall, 400, "validation_failed");
    expect(errorPaths(wall)).toEqual(["message"]);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("are refused in a server action's values, on the form's field name, before the use case runs", async () => {
    const client = await actorFromAuthorization(db(), `Bearer ${key}`);
    let ran = false;
    const result = await runFormAction(client, { schema: albumChanges, values: { title: "Nul\u0000Title" } }, () => {
      ran = true;
      return Promise.resolve(null);
    });
    expect(result).toMatchObject({
      ok: false,
      code: "validation_failed",
      fieldErrors: { title: expect.stringContaining("NUL") },
    });
    expect(ran).toBe(false);
  });

  it("are dropped from a portal page's filters (the page shows unfiltered), like any unusable filter value", () => {
    expect(searchParamsObject({ q: "\u0000", status: "new", page: ["2", "3"] })).toEqual({ status: "new", page: "2" });
  });
});

describe("one-line fields", () => {
  it.each([
    ["a line break in the album title", { title: "Covers\r\nBcc: everyone@example.com" }, "track.album.title"],
    ["a tab in the artist", { artist: "The\tBand" }, "track.album.artist"],
  ])("refuse %s (it would forge a line of the staff email)", async (_label, album, path) => {
    const body = requestBody();
    Object.assign(body.track.album, album);
    const res = await call(requestsRoute.POST, "POST", "/api/requests", { key, body });
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual([path]);
  });

  it("refuse a line break through the portal's edit form too; a wall message may still have several lines", async () => {
    const client = await actorFromAuthorization(db(), `Bearer ${key}`);
    const result = await runFormAction(
      client,
      { schema: albumChanges, values: { title: "Two\nlines" } },
      ({ db, actor, input }) => patchAlbum(db, actor, filed.albumId, input),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { title: "must be one line, without line breaks, control characters or direction marks" },
    });
    const wall = await call(wallPostsRoute.POST, "POST", `/api/tracks/${filed.trackId}/wallposts`, {
      key,
      params: { id: String(filed.trackId) },
      body: { message: "Line one\nLine two" },
    });
    expect(wall.status).toBe(201);
    expect(wall.body.message).toBe("Line one\nLine two");
  });
});

describe("input that used to answer 500", () => {
  it("refuses a NUL character in a sales CSV with 400, not a 500", async () => {
    const csv = `date,isrc,external track id,track_id,store,units,format\n2026-11-04,,,${filed.trackId},Sh\u0000op,5,1002\n`;
    const res = await uploadSales(key, filed.releaseId, csv);
    expectProblem(res, 400, "validation_failed");
  });

  it("refuses a lone surrogate before it reaches a JSON column (an import's rows), naming the field", async () => {
    const before = await rowCounts(db());
    const res = await call(importsRoute.POST, "POST", "/api/imports", { key, body: { rows: [{ notes: "a\ud800" }] } });
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual(["rows.0.notes"]);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("refuses an import row that is not an object, at its own path", async () => {
    const res = await call(importsRoute.POST, "POST", "/api/imports", { key, body: { rows: [null] } });
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual(["rows.0"]);
  });

  it.each([42, null, ["t"], { t: 1 }])(
    "answers a link token of %j as an unknown link (the form's error)",
    async (token) => {
      const input = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
      const reset = await resetPassword(db(), token as unknown as string, input).catch((e: unknown) => e);
      expect(reset).toBeInstanceOf(DomainError);
      expect((reset as DomainError).code).toBe("not_found");
      const accepted = await acceptInvitation(db(), token as unknown as string, { name: "Ann", ...input }).catch(
        (e: unknown) => e,
      );
      expect(accepted).toBeInstanceOf(DomainError);
      expect((accepted as DomainError).code).toBe("not_found");
    },
  );
});

describe("direction marks", () => {
  it.each([
    ["an override in the album title", { title: "Covers\u202Egpj.csv" }],
    ["an isolate in the artist", { artist: "The\u2066Band" }],
    ["a line separator in the title", { title: "Covers\u2028Bcc" }],
  ])("refuse %s with 400 and the field's path", async (_label, album) => {
    const body = requestBody();
    Object.assign(body.track.album, album);
    const res = await call(requestsRoute.POST, "POST", "/api/requests", { key, body });
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual([`track.album.${Object.keys(album)[0]}`]);
  });
});
