import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as catchAllRoute from "@/app/api/[[...path]]/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import * as trackReleaseRoute from "@/app/api/tracks/[id]/releases/[releaseId]/route";
import * as wallPostsRoute from "@/app/api/tracks/[id]/wallposts/route";
import { setClock } from "@/lib/clock";
import { call, clientKey, type CallOptions, type Handler } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { expectProblem } from "../helpers/problem";
import { setupTestDb } from "../helpers/test-db";

// Issue 20: nothing a client sends is dropped without saying so, and every error names the field at fault exactly.
const db = setupTestDb();
let key: string;
let trackId: number;
let releaseId: number;
beforeAll(async () => {
  key = (await clientKey(db(), "Strict Records")).key;
  const filed = await fileRequest(key);
  trackId = filed.trackId;
  releaseId = filed.releaseId;
});
afterEach(() => setClock(undefined));

const send = (handler: Handler, method: string, path: string, opts: CallOptions = {}) =>
  call(handler, method, path, { key, ...opts });
const fileWith = (track: Record<string, unknown>) =>
  send(requestsRoute.POST, "POST", "/api/requests", { body: requestBody({ track }) });
const total = async () => Number((await send(requestsRoute.GET, "GET", "/api/requests")).headers.get("x-total-count"));

describe("unknown fields of a body are refused by name, with the field meant", () => {
  it("refuses a misspelt lengthInSeconds instead of filing a track without a length, and files nothing", async () => {
    const before = await total();
    const { lengthInSeconds: _, ...track } = requestBody().track;
    const res = await send(requestsRoute.POST, "POST", "/api/requests", {
      body: { track: { ...track, lenghtInSeconds: 200 } },
    });
    expect(expectProblem(res, 400, "validation_failed").errors).toEqual([
      { path: "track.lenghtInSeconds", message: "unknown field; did you mean `lengthInSeconds`?" },
    ]);
    expect(await total()).toBe(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      "a release field",
      { releases: [{ formatId: 1002, releaseQuantity: 5, releaseQuantaty: 5 }] },
      "track.releases.0.releaseQuantaty",
      "did you mean `releaseQuantity`?",
    ],
    [
      "a song field in another case",
      { song: { title: "Yesterday", originalRecordingArtist: "The Beatles", Notes: "live" } },
      "track.song.Notes",
      "did you mean `notes`?",
    ],
    [
      "a licensee field",
      { album: { title: "A", artist: "B", licensee: { lastName: "Doe", email: "d@example.com", emial: "x" } } },
      "track.album.licensee.emial",
      "did you mean `email`?",
    ],
    [
      "an album field",
      { album: { title: "A", artist: "B", titel: "C", licensee: { lastName: "Doe", email: "d@example.com" } } },
      "track.album.titel",
      "did you mean `title`?",
    ],
  ])("%s", async (_label, track, path, meant) => {
    const res = await fileWith(track);
    expect(expectProblem(res, 400, "validation_failed").errors).toEqual([{ path, message: `unknown field; ${meant}` }]);
  });

  it("lists the known fields when no field is close", async () => {
    const res = await send(requestsRoute.POST, "POST", "/api/requests", {
      body: { ...requestBody(), somethingElse: true },
    });
    expect(expectProblem(res, 400, "validation_failed").errors).toEqual([
      { path: "somethingElse", message: "unknown field; known: track, eligibility" },
    ]);
  });

  it("names every unknown field of one object at its own path", async () => {
    const res = await send(trackRequestsRoute.POST, "POST", `/api/tracks/${trackId}/requests`, {
      params: { id: String(trackId) },
      body: { formatId: 1001, releaseQuantity: 5, quantity: 5, formatid: 1001 },
    });
    expect(expectProblem(res, 400, "validation_failed").errors).toEqual([
      { path: "quantity", message: expect.stringMatching(/^unknown field; /) },
      { path: "formatid", message: "unknown field; did you mean `formatId`?" },
    ]);
  });

  it("refuses an unknown field on a wall post", async () => {
    const res = await send(wallPostsRoute.POST, "POST", `/api/tracks/${trackId}/wallposts`, {
      params: { id: String(trackId) },
      body: { message: "Hello", private: false },
    });
    expect(expectProblem(res, 400, "validation_failed").errors).toEqual([
      { path: "private", message: "unknown field; did you mean `isPrivate`?" },
    ]);
  });
});

describe("query strings are strict too", () => {
  it.each<[Handler, string, string, Record<string, string> | undefined, string, string]>([
    [requestsRoute.GET, "/api/requests", "limt=5", undefined, "limt", "unknown parameter; did you mean `limit`?"],
    [
      requestsRoute.GET,
      "/api/requests",
      "stauts=new",
      undefined,
      "stauts",
      "unknown parameter; did you mean `status`?",
    ],
    [
      wallPostsRoute.GET,
      "/api/tracks/{id}/wallposts",
      "isPrivate=true",
      { id: "track" },
      "isPrivate",
      "unknown parameter; did you mean `isprivate`?",
    ],
    [requestsRoute.GET, "/api/requests", "limit=-1", undefined, "limit", "must be at least 1"],
    [
      requestsRoute.GET,
      "/api/requests",
      "limit=1&limit=2",
      undefined,
      "limit",
      "is given more than once; send it once",
    ],
  ])("%#: %s?%s", async (handler, path, query, params, at, message) => {
    const res = await send(handler, "GET", path, { query, params: params && { id: String(trackId) } });
    expect(expectProblem(res, 400, "validation_failed").errors).toEqual([{ path: at, message }]);
  });

  it("counts a repeated status like the comma form", async () => {
    const repeated = await send(requestsRoute.GET, "GET", "/api/requests", { query: "status=need_info&status=new" });
    const comma = await send(requestsRoute.GET, "GET", "/api/requests", { query: "status=need_info,new" });
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(comma.body);
    expect(repeated.body.length).toBeGreaterThan(0);
  });
});

describe("a value of the wrong type says what it must be; 'is required' only when it is absent", () => {
  const release = (fields: Record<string, unknown>) => ({
    releases: [{ formatId: 1002, releaseQuantity: 5, ...fields }],
  });
  it.each<[string, Record<string, unknown>, string, string]>([
    [
      "releaseQuantity as a string",
      release({ releaseQuantity: "500" }),
      "track.releases.0.releaseQuantity",
      "must be an integer of at least 1",
    ],
    [
      "formatId as a string",
      release({ formatId: "1001" }),
      "track.releases.0.formatId",
      "must be an integer (a format id)",
    ],
    [
      "releaseMonth as a string",
      release({ releaseMonth: "5", releaseYear: 2030 }),
      "track.releases.0.releaseMonth",
      "must be an integer from 1 to 12",
    ],
    [
      "lengthInSeconds as a string",
      { lengthInSeconds: "200" },
      "track.lengthInSeconds",
      "must be an integer number of seconds",
    ],
    ["the song as a string", { song: "Yesterday" }, "track.song", "must be an object"],
    ["the album as null", { album: null }, "track.album", "must be an object"],
    ["the song missing", { song: undefined }, "track.song", "is required"],
    ["the quantity missing", { releases: [{ formatId: 1002 }] }, "track.releases.0.releaseQuantity", "is required"],
    ["the format missing", { releases: [{ releaseQuantity: 5 }] }, "track.releases.0.formatId", "is required"],
  ])("%s", async (_label, track, path, message) => {
    const res = await fileWith(track);
    expect(expectProblem(res, 400, "validation_failed").errors).toEqual([{ path, message }]);
  });

  it("says a wall message of the wrong type must be a string", async () => {
    const res = await send(wallPostsRoute.POST, "POST", `/api/tracks/${trackId}/wallposts`, {
      params: { id: String(trackId) },
      body: { message: 5 },
    });
    expect(expectProblem(res, 400, "validation_failed").errors).toEqual([
      { path: "message", message: "must be a string" },
    ]);
  });
});

describe("every 400 names the field at fault", () => {
  it("release_date_in_past names the month and gives the earliest allowed month as data", async () => {
    setClock(new Date("2026-03-10T15:00:00Z"));
    const res = await fileWith(release2({ releaseMonth: 2, releaseYear: 2026 }));
    const problem = expectProblem(res, 400, "release_date_in_past");
    expect(problem.errors).toEqual([
      { path: "track.releases.0.releaseMonth", message: expect.stringContaining("in the past") },
    ]);
    expect(res.body.earliest).toEqual({ releaseMonth: 3, releaseYear: 2026 });
  });

  it("release_month_closed does the same, from the 20th", async () => {
    setClock(new Date("2026-03-20T15:00:00Z"));
    const res = await fileWith(release2({ releaseMonth: 3, releaseYear: 2026 }));
    expect(expectProblem(res, 400, "release_month_closed").errors).toEqual([
      { path: "track.releases.0.releaseMonth", message: expect.any(String) },
    ]);
    expect(res.body.earliest).toEqual({ releaseMonth: 4, releaseYear: 2026 });
  });

  it("a PATCH of a release to a past month names releaseMonth", async () => {
    setClock(new Date("2026-03-10T15:00:00Z"));
    const res = await send(trackReleaseRoute.PATCH, "PATCH", `/api/tracks/${trackId}/releases/${releaseId}`, {
      params: { id: String(trackId), releaseId: String(releaseId) },
      body: [{ op: "replace", path: "releaseYear", value: 2025 }],
    });
    expect(expectProblem(res, 400, "release_date_in_past").errors).toEqual([
      { path: "releaseMonth", message: expect.any(String) },
    ]);
    expect(res.body.earliest).toEqual({ releaseMonth: 3, releaseYear: 2026 });
  });

  it("invalid_json names the body as a whole", async () => {
    const res = await send(requestsRoute.POST, "POST", "/api/requests", {
      rawBody: '{"track":',
      headers: { "Content-Type": "application/json" },
    });
    expect(expectProblem(res, 400, "invalid_json").errors).toEqual([
      { path: "", message: expect.stringMatching(/^is not valid JSON: /) },
    ]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["an unknown album id", { album: { id: 999999 } }, "track.album.id"],
    [
      "an unknown licensee id",
      { album: { title: "A", artist: "B", licensee: { id: "00000000-0000-4000-8000-000000000000" } } },
      "track.album.licensee.id",
    ],
    ["an unknown medley whole", { album: { id: 1 }, medleyTrackId: 999999 }, "track.medleyTrackId"],
  ])("%s in the body is not_found naming that field", async (_label, track, path) => {
    const res = await fileWith(track);
    expect(expectProblem(res, 404, "not_found").errors).toEqual([{ path, message: "was not found" }]);
  });
});

describe("every path under /api answers problem+json", () => {
  it.each([
    ["/api", undefined],
    ["/api/requests/12/history", { path: "requests/12/history" }],
  ])("%s", async (path, params) => {
    const res = await send(catchAllRoute.GET, "GET", path, { params });
    const problem = expectProblem(res, 404, "not_found");
    expect(problem.detail).toBe(`There is no endpoint at ${path}; docs/api-guide.md lists the endpoints.`);
  });
});

function release2(dates: Record<string, unknown>) {
  return { releases: [{ formatId: 1001, releaseQuantity: 10, ...dates }] };
}
