import { beforeAll, describe, expect, it } from "vitest";
import * as statusRoute from "@/app/api/requests/[id]/status/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as bulkStatusRoute from "@/app/api/requests/status/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import { call, clientKey, staffKey, type CallOptions, type Handler } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { callRoute, fileIds, ID_ROUTES, type IdRoute, type Ids } from "../helpers/id-routes";
import { answeredWithout500, errorPaths, expectProblem } from "../helpers/problem";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let key: string;
let own: Ids;
let staff: string;

beforeAll(async () => {
  const account = await clientKey(db(), "Errors Records");
  key = account.key;
  staff = await staffKey(db());
  own = await fileIds(account);
});

/** Every call in this file: whatever we send, never a 500 and never internals in the body. */
const checked = answeredWithout500;
const send = (handler: Handler, method: string, path: string, opts: CallOptions = {}) =>
  checked(call(handler, method, path, { key, ...opts }));
const postRequest = (opts: CallOptions) => send(requestsRoute.POST, "POST", "/api/requests", opts);
const reorder = (opts: CallOptions) =>
  send(trackRequestsRoute.POST, "POST", `/api/tracks/${own.trackId}/requests`, {
    params: { id: String(own.trackId) },
    ...opts,
  });
const patchRoutes = [...new Map(ID_ROUTES.filter((r) => r.patch).map((r) => [r.name, r])).values()];
const patchCall = (route: IdRoute, opts: CallOptions) =>
  checked(callRoute(route, route.by === "staff" ? staff : key, own, own, opts));
/** A request body with one part replaced (a dotted path; undefined removes the field). */
function bodyWith(path: string, value: unknown) {
  const body = requestBody() as Record<string, any>;
  const keys = path.split(".");
  const parent = keys.slice(0, -1).reduce((o, k) => o[k], body);
  if (value === undefined) delete parent[keys.at(-1)!];
  else parent[keys.at(-1)!] = value;
  return body;
}

describe("bodies that are not JSON", () => {
  it("answers broken JSON with 400 invalid_json", async () => {
    for (const rawBody of ['{"track": ', "{track: 1}", "", "'single'"]) {
      const res = await postRequest({ rawBody, headers: { "Content-Type": "application/json" } });
      expectProblem(res, 400, "invalid_json");
    }
  });

  it.each([
    ["text/plain"],
    ["application/x-www-form-urlencoded"],
    ["multipart/form-data; boundary=x"],
    ["application/jsonp"],
  ])("answers Content-Type %s with 415 unsupported_media_type", async (type) => {
    const res = await postRequest({ rawBody: JSON.stringify(requestBody()), headers: { "Content-Type": type } });
    expectProblem(res, 415, "unsupported_media_type");
  });

  it("answers a body without a Content-Type with 415, on POST and PATCH", async () => {
    expectProblem(await postRequest({ rawBody: JSON.stringify(requestBody()) }), 415, "unsupported_media_type");
    const patch = JSON.stringify([{ op: "replace", path: "title", value: "x" }]);
    expectProblem(await patchCall(patchRoutes[0]!, { rawBody: patch }), 415, "unsupported_media_type");
  });

  it("accepts JSON with a charset and the JSON Patch media type", async () => {
    const res = await postRequest({
      body: requestBody(),
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(201);
    const patch = await patchCall(patchRoutes[0]!, {
      body: [{ op: "replace", path: "/title", value: "Renamed" }],
      headers: { "Content-Type": "application/json-patch+json" },
    });
    expect(patch.status).toBe(200);
  });

  it("accepts a body of exactly 1 MiB and refuses one byte more with 413 payload_too_large", async () => {
    const json = JSON.stringify(requestBody());
    const exact = json + " ".repeat(1024 * 1024 - Buffer.byteLength(json));
    expect((await postRequest({ rawBody: exact, headers: { "Content-Type": "application/json" } })).status).toBe(201);
    const over = await postRequest({ rawBody: `${exact} `, headers: { "Content-Type": "application/json" } });
    expectProblem(over, 413, "payload_too_large");
  });

  it("counts the limit in bytes, not characters", async () => {
    const notes = "é".repeat(600 * 1024); // 600 Ki characters, 1.2 MiB of UTF-8
    const res = await postRequest({ body: bodyWith("track.song.notes", notes) });
    expectProblem(res, 413, "payload_too_large");
  });
});

describe("missing and mistyped fields: 400 validation_failed with one error per bad field", () => {
  const dated = { formatId: 1002, releaseQuantity: 5 };
  const release = (fields: Record<string, unknown>) => bodyWith("track.releases", [{ ...dated, ...fields }]);
  const threeBad = bodyWith("track", {
    ...requestBody().track,
    song: { originalRecordingArtist: "X" },
    lengthInSeconds: "x",
    releases: [{ formatId: 1002, releaseQuantity: "x" }],
  });
  it.each<[string, unknown, string[]]>([
    ["no song title", bodyWith("track.song.title", undefined), ["track.song.title"]],
    ["an empty song title", bodyWith("track.song.title", "  "), ["track.song.title"]],
    ["no song", bodyWith("track.song", undefined), ["track.song"]],
    ["neither artist nor composer", bodyWith("track.song", { title: "T" }), ["track.song.originalRecordingArtist"]],
    ["no releaseQuantity", bodyWith("track.releases", [{ formatId: 1002 }]), ["track.releases.0.releaseQuantity"]],
    ["releaseQuantity as a string", release({ releaseQuantity: "9" }), ["track.releases.0.releaseQuantity"]],
    ["releaseQuantity 0", release({ releaseQuantity: 0 }), ["track.releases.0.releaseQuantity"]],
    ["no formatId", bodyWith("track.releases", [{ releaseQuantity: 5 }]), ["track.releases.0.formatId"]],
    ["an unknown formatId", release({ formatId: 999 }), ["track.releases.0.formatId"]],
    ["streams without outlets", release({ formatId: 1003 }), ["track.releases.0.expectedOutletsOfDistribution"]],
    ["a month without a year", release({ releaseMonth: 12 }), ["track.releases.0.releaseYear"]],
    ["releaseMonth 13", release({ releaseMonth: 13, releaseYear: 2099 }), ["track.releases.0.releaseMonth"]],
    [
      "a release id with release fields",
      bodyWith("track.releases", [{ id: 1, ...dated }]),
      ["track.releases.0.formatId", "track.releases.0.releaseQuantity"],
    ],
    ["a release id that is not an integer", bodyWith("track.releases", [{ id: "7" }]), ["track.releases.0.id"]],
    ["no releases", bodyWith("track.releases", []), ["track.releases"]],
    ["two releases", bodyWith("track.releases", [dated, dated]), ["track.releases"]],
    ["no licensee email", bodyWith("track.album.licensee.email", undefined), ["track.album.licensee.email"]],
    [
      "a licensee email that is no address",
      bodyWith("track.album.licensee.email", "nobody"),
      ["track.album.licensee.email"],
    ],
    ["a licensee email that is a number", bodyWith("track.album.licensee.email", 42), ["track.album.licensee.email"]],
    [
      "a licensee with neither lastName nor companyName",
      bodyWith("track.album.licensee", { email: "a@example.com" }),
      ["track.album.licensee.lastName"],
    ],
    ["a licensee id that is not a UUID", bodyWith("track.album.licensee", { id: "42" }), ["track.album.licensee.id"]],
    ["no album title", bodyWith("track.album.title", undefined), ["track.album.title"]],
    ["no album", bodyWith("track.album", undefined), ["track.album"]],
    ["an album id as a string", bodyWith("track.album", { id: "5" }), ["track.album.id"]],
    ["an album id beyond any id", bodyWith("track.album", { id: 2 ** 40 }), ["track.album.id"]],
    ["lengthInSeconds as a string", bodyWith("track.lengthInSeconds", "200"), ["track.lengthInSeconds"]],
    ["lengthInSeconds negative", bodyWith("track.lengthInSeconds", -1), ["track.lengthInSeconds"]],
    ["lengthInSeconds fractional", bodyWith("track.lengthInSeconds", 1.5), ["track.lengthInSeconds"]],
    ["medley as a string", bodyWith("track.medley", "yes"), ["track.medley"]],
    ["no track", {}, ["track"]],
    [
      "three bad fields at once",
      threeBad,
      ["track.lengthInSeconds", "track.releases.0.releaseQuantity", "track.song.title"],
    ],
  ])("POST /api/requests with %s", async (_label, body, paths) => {
    const res = await postRequest({ body });
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual([...paths].sort());
  });

  it.each<[string, unknown, string[]]>([
    ["an empty object", {}, ["formatId", "releaseQuantity"]],
    ["releaseQuantity as a string", { formatId: 1002, releaseQuantity: "10" }, ["releaseQuantity"]],
    ["formatId as a string", { formatId: "1002", releaseQuantity: 10 }, ["formatId"]],
    ["a year without a month", { formatId: 1002, releaseQuantity: 10, releaseYear: 2099 }, ["releaseMonth"]],
  ])("POST /api/tracks/{id}/requests with %s", async (_label, body, paths) => {
    const res = await reorder({ body });
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual([...paths].sort());
  });

  it.each([[[]], [null], [42], ["track"], [true]])(
    "answers a body of %j (not an object) with a body-level error",
    async (body) => {
      for (const res of [await postRequest({ body }), await reorder({ body })]) {
        expectProblem(res, 400, "validation_failed");
        expect(errorPaths(res)).toEqual([""]);
      }
    },
  );
});

describe("strings with a NUL character, which PostgreSQL cannot store", () => {
  it("are refused with 400 validation_failed naming each such field, on every kind of body", async () => {
    const created = await postRequest({ body: bodyWith("track.song", { title: "A\u0000", composer: "B\u0000" }) });
    expectProblem(created, 400, "validation_failed");
    expect(errorPaths(created)).toEqual(["track.song.composer", "track.song.title"]);
    const reordered = await reorder({
      body: { formatId: 1003, releaseQuantity: 1, expectedOutletsOfDistribution: "\u0000" },
    });
    expectProblem(reordered, 400, "validation_failed");
    expect(errorPaths(reordered)).toEqual(["expectedOutletsOfDistribution"]);
    for (const route of patchRoutes) {
      // Refused while reading the body, before the patch document itself is looked at.
      const res = await patchCall(route, { body: [{ op: "replace", path: "externalTrackId", value: "x\u0000y" }] });
      expectProblem(res, 400, "validation_failed");
      expect(errorPaths(res)).toEqual(["0.value"]);
    }
  });
});

describe("an unknown status code", () => {
  const STATUSES = "new, need_info, ready, need_payment, in_progress, licensed, cannot_license or cancelled";
  const moveTo = (code: unknown) =>
    checked(
      call(statusRoute.POST, "POST", `/api/requests/${own.requestId}/status`, {
        key: staff,
        params: { id: String(own.requestId) },
        body: code === undefined ? {} : { code },
      }),
    );
  const moveAll = (code: unknown) =>
    checked(
      call(bulkStatusRoute.POST, "POST", "/api/requests/status", {
        key: staff,
        body: { requestIds: [own.requestId], code },
      }),
    );
  const list = (query: string) => send(requestsRoute.GET, "GET", "/api/requests", { query });

  it.each<[string, () => ReturnType<typeof call>, string, string]>([
    [
      "POST …/status with a misspelt code",
      () => moveTo("licenced"),
      "code",
      `"licenced" is not a status code; use one of ${STATUSES}`,
    ],
    [
      "POST …/status with a label for a code",
      () => moveTo("New"),
      "code",
      `"New" is not a status code; use one of ${STATUSES}`,
    ],
    ["POST …/status with a number", () => moveTo(42), "code", `must be a status code: one of ${STATUSES}`],
    ["POST …/status without a code", () => moveTo(undefined), "code", "is required"],
    [
      "POST /api/requests/status with an unknown code",
      () => moveAll("bogus"),
      "code",
      `"bogus" is not a status code or serve_notices; use one of ${STATUSES.replace(" or ", ", ")} or serve_notices`,
    ],
    [
      "GET /api/requests?status=bogus",
      () => list("status=bogus"),
      "status",
      `"bogus" is not a status code; use one of ${STATUSES}`,
    ],
    [
      "GET /api/requests?status=new,bogus",
      () => list("status=new,bogus"),
      "status",
      `"bogus" is not a status code; use one of ${STATUSES}`,
    ],
  ])("%s: 400 validation_failed in words, listing the codes", async (_label, send, path, message) => {
    const res = await send();
    expectProblem(res, 400, "validation_failed");
    expect(res.body.errors).toEqual([{ path, message }]);
    expect(res.body.detail).not.toMatch(/Invalid option|\|/);
  });
});

describe("query parameters of GET /api/requests", () => {
  it.each([
    ["limit=abc", "limit"],
    ["limit=0", "limit"],
    ["limit=1001", "limit"],
    ["limit=1.5", "limit"],
    ["limit=", "limit"],
    ["offset=-1", "offset"],
    ["offset=abc", "offset"],
    ["status=bogus", "status"],
    ["status=new,bogus", "status"],
  ])("%s → 400 validation_failed naming %s", async (query, param) => {
    const res = await send(requestsRoute.GET, "GET", "/api/requests", { query });
    expectProblem(res, 400, "validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([param]);
  });

  it.each(["limit=1", "limit=1000", "offset=0", "offset=5000", "status=new", "status=new,cancelled"])(
    "%s is fine",
    async (query) => {
      expect((await send(requestsRoute.GET, "GET", "/api/requests", { query })).status).toBe(200);
    },
  );
});

describe.each(patchRoutes.map((r) => [r.name, r] as const))(
  "%s: invalid patch documents → 400 invalid_patch",
  (_name, route) => {
    const field = route.patch!;
    const good = { op: "replace", path: field.path, value: field.value };
    it.each<[string, unknown, string[]]>([
      ["an object instead of an array", { op: "replace", path: field.path, value: field.value }, [""]],
      ["a string", "replace", [""]],
      ["null", null, [""]],
      ["an unknown path", [{ op: "replace", path: "nonsense", value: 1 }], ["0.path"]],
      ["the read-only id", [{ op: "replace", path: "id", value: 1 }], ["0.path"]],
      ["the read-only dateAdded", [{ op: "replace", path: "/dateAdded", value: "2030-01-01T00:00:00Z" }], ["0.path"]],
      ["op remove", [{ op: "remove", path: field.path }], ["0.op"]],
      ["op move", [{ op: "move", from: field.path, path: field.path, value: field.value }], ["0.op"]],
      ["a value of the wrong type", [{ op: "replace", path: field.path, value: field.wrongType }], ["0.value"]],
      ["an operation that is not an object", [42], ["0"]],
      ["an operation without a value", [{ op: "replace", path: field.path }], ["0"]],
      [
        "a good operation between two bad ones",
        [{ ...good, op: "copy" }, good, { ...good, path: "id" }],
        ["0.op", "2.path"],
      ],
    ])("%s", async (_label, body, paths) => {
      const res = await patchCall(route, { body });
      expectProblem(res, 400, "invalid_patch");
      expect(errorPaths(res)).toEqual([...paths].sort());
    });

    it("applies none of the operations when one is invalid", async () => {
      const current = async () => (await patchCall(route, { body: [] })).body as unknown; // an empty patch answers the resource
      const before = await current();
      expectProblem(
        await patchCall(route, { body: [good, { ...good, value: field.wrongType }] }),
        400,
        "invalid_patch",
      );
      expect(await current()).toEqual(before);
      expect((await patchCall(route, { body: [good] })).status).toBe(200); // the good operation alone is applied
      expect(await current()).not.toEqual(before);
    });
  },
);

describe("odd bodies for POST /api/requests are all refused with a 4xx problem", () => {
  const valid = JSON.stringify(requestBody());
  const with_ = (path: string, value: unknown) => JSON.stringify(bodyWith(path, value));
  it.each<[string, string]>([
    ["whitespace only", "  \n "],
    ["a lone brace", "}"],
    ["a truncated literal", "nul"],
    ["an unterminated array", "[1, 2"],
    ["a NUL byte", "\u0000"],
    ["a byte-order mark before the JSON", `\uFEFF${valid}`],
    ["two JSON documents", `${valid}${valid}`],
    ["JSON with a trailing comma", valid.replace(/}$/, ",}")],
    ["deeply nested arrays", `${"[".repeat(5000)}${"]".repeat(5000)}`],
    ["track as an array", '{"track": []}'],
    ["track as a string", '{"track": "Yesterday"}'],
    ["a __proto__ key", '{"__proto__": {"track": {}}}'],
    ["a length beyond any number (1e400)", valid.replace('"lengthInSeconds":200', '"lengthInSeconds":1e400')],
    ["a quantity of 1e20", with_("track.releases", [{ formatId: 1002, releaseQuantity: 1e20 }])],
    ["a 100 000 character song title", with_("track.song.title", "x".repeat(100_000))],
    ["a NUL character inside the song title", with_("track.song.title", "Yester\u0000day")],
    ["a NUL character inside a licensee field", with_("track.album.licensee.city", "\u0000")],
    ["a release id beyond any id", with_("track.releases", [{ id: 2 ** 31 }])],
    [
      "a medleyTrackId beyond any id",
      JSON.stringify({ track: { ...bodyWith("track.medleyTrackId", 2 ** 31).track, album: { id: 1 } } }),
    ],
    [
      "a release year far in the future",
      with_("track.releases", [{ formatId: 1002, releaseQuantity: 1, releaseMonth: 1, releaseYear: 99999 }]),
    ],
    [
      "a release in the past",
      with_("track.releases", [{ formatId: 1002, releaseQuantity: 1, releaseMonth: 1, releaseYear: 2000 }]),
    ],
    ["a licensee id as a number", with_("track.album.licensee", { id: 1 })],
  ])("%s", async (_label, rawBody) => {
    const res = await postRequest({ rawBody, headers: { "Content-Type": "application/json" } });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expectProblem(res, res.status, res.body.code);
  });
});
