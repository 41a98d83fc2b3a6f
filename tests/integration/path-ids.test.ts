import { beforeAll, describe, expect, it } from "vitest";
import * as unknownRoute from "@/app/api/[[...path]]/route";
import { call, clientKey, staffKey, type CallOptions } from "../helpers/api";
import { callRoute, fileIds, ID_ROUTES, MISSING, routeLabel, type IdRoute, type Ids } from "../helpers/id-routes";
import { answeredWithout500 as checked, expectProblem } from "../helpers/problem";
import { setupTestDb } from "../helpers/test-db";

// Path parameters of every id route: an unknown id is 404, one that can name nothing is 400 at the parameter.
const db = setupTestDb();
let key: string;
let own: Ids;
let staff: string;

beforeAll(async () => {
  const account = await clientKey(db(), "Path Id Records");
  key = account.key;
  staff = await staffKey(db());
  own = await fileIds(account);
});

const patchRoute = ID_ROUTES.find((r) => r.patch)!;

describe("ids in the path", () => {
  const BAD_INTS = ["abc", "0", "-1", "1.5", "1e3", "0x10", " 1", "2147483648", "99999999999999999999", "１"];
  const BAD_UUIDS = ["abc", "42", "00000000000040008000000000000000", `${MISSING.licenseeId}0`];
  const BAD_MONTHS = ["abc", "2026-13", "2026-1", "202611", "2026-11-01"];
  const BAD_YEARS = ["abc", "26", "20266", "2026.0"];
  const badValues = (param: string, unknown: string) =>
    param === "month"
      ? BAD_MONTHS
      : param === "year"
        ? BAD_YEARS
        : unknown === MISSING.licenseeId
          ? BAD_UUIDS
          : BAD_INTS;
  const cases = ID_ROUTES.filter((r) => r.params).flatMap((route) =>
    Object.keys(route.params!(MISSING, MISSING)).map((param) => [routeLabel(route), param, route] as const),
  );
  const callWith = (route: IdRoute, params: Record<string, string>, opts: CallOptions = {}) =>
    checked(callRoute(route, route.by === "staff" ? staff : key, own, own, { ...opts, params }));

  it.each(cases)("%s: an unknown {%s} is 404 not_found", async (_label, param, route) => {
    const unknown = route.params!(MISSING, MISSING)[param]!;
    expectProblem(await callWith(route, { [param]: unknown }), 404, "not_found");
  });

  it.each(cases)("%s: a malformed {%s} is 400 validation_failed naming it", async (_label, param, route) => {
    for (const value of badValues(param, route.params!(MISSING, MISSING)[param]!)) {
      const res = await callWith(route, { [param]: value });
      expect(res.status, `${param}=${value}`).toBe(400);
      const problem = expectProblem(res, 400, "validation_failed");
      expect(problem.errors, `${param}=${value}`).toEqual([{ path: param, message: expect.any(String) }]);
    }
  });

  it("says in words what the parameter must be", async () => {
    const named = (name: string) => ID_ROUTES.find((r) => r.name === name)!;
    const [album, licensee] = [named("GET /api/albums/{id}"), named("GET /api/licensees/{id}")];
    expect((await callWith(album, { id: "abc" })).body.errors).toEqual([
      { path: "id", message: "must be an album id, a whole number from 1 to 2147483647" },
    ]);
    expect((await callWith(licensee, { id: "42" })).body.errors[0].message).toMatch(/^must be a licensee id, a UUID/);
  });

  it.each<[string, CallOptions, number, string]>([
    ["not JSON", { rawBody: "[]", headers: { "Content-Type": "text/plain" } }, 415, "unsupported_media_type"],
    ["broken JSON", { rawBody: "[", headers: { "Content-Type": "application/json" } }, 400, "invalid_json"],
    [
      "over 1 MiB",
      { rawBody: `[${" ".repeat(1024 * 1024)}]`, headers: { "Content-Type": "application/json" } },
      413,
      "payload_too_large",
    ],
    ["a good body", {}, 400, "validation_failed"],
  ])("a malformed id with a body that is %s: the body's problem answers first", async (_l, opts, status, code) => {
    const res = callRoute(patchRoute, patchRoute.by === "staff" ? staff : key, own, own, {
      ...opts,
      params: { id: "abc" },
    });
    expectProblem(await checked(res), status, code);
  });

  it("answers an unknown API path with 404 not_found", async () => {
    expectProblem(
      await checked(call(unknownRoute.GET, "GET", "/api/nothing/here", { key, params: { path: "nothing/here" } })),
      404,
      "not_found",
    );
  });
});
