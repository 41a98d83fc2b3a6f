import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as albumRequestsRoute from "@/app/api/albums/[id]/requests/route";
import * as albumRoute from "@/app/api/albums/[id]/route";
import * as licenseeRoute from "@/app/api/licensees/[id]/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import * as trackRoute from "@/app/api/tracks/[id]/route";
import * as wallPostsRoute from "@/app/api/tracks/[id]/wallposts/route";
import { DomainError } from "@/lib/errors";
import { call, clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { callRoute, deniedCode, fileIds, ID_ROUTES, MISSING, routeLabel, type Ids } from "../helpers/id-routes";
import { expectProblem } from "../helpers/problem";
import { rowCounts } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

type Account = { key: string; ids: Ids };
let a: Account;
let b: Account;
let staff: string;

// The filed track is a medley whole, so that a medley part may name it (the medleyTrackId row).
async function accountWithRequest(name: string): Promise<Account> {
  const account = await clientKey(db(), name);
  return { key: account.key, ids: await fileIds(account, requestBody({ track: { medley: true } })) };
}

beforeAll(async () => {
  a = await accountWithRequest("Tenant A");
  b = await accountWithRequest("Tenant B");
  staff = await staffKey(db());
});

/** Everything B can read about its request, through B's own key. */
async function snapshotOf({ key, ids }: Account) {
  const get = async (handler: typeof albumRoute.GET, p: string, id: string) => {
    const res = await call(handler, "GET", p, { key, params: { id } });
    expect(res.status).toBe(200);
    return res.body as unknown;
  };
  return {
    request: await get(requestRoute.GET, `/api/requests/${ids.requestId}`, String(ids.requestId)),
    album: await get(albumRoute.GET, `/api/albums/${ids.albumId}`, String(ids.albumId)),
    albumRequests: await get(albumRequestsRoute.GET, `/api/albums/${ids.albumId}/requests`, String(ids.albumId)),
    licensee: await get(licenseeRoute.GET, `/api/licensees/${ids.licenseeId}`, ids.licenseeId),
    track: await get(trackRoute.GET, `/api/tracks/${ids.trackId}`, String(ids.trackId)),
    trackRequests: await get(trackRequestsRoute.GET, `/api/tracks/${ids.trackId}/requests`, String(ids.trackId)),
    wall: await get(wallPostsRoute.GET, `/api/tracks/${ids.trackId}/wallposts`, String(ids.trackId)),
    list: (await call(requestsRoute.GET, "GET", "/api/requests", { key })).body as unknown,
  };
}

/** A problem body with the addressed ids blanked, so that "another account's id" and "a missing id" compare equal. */
function withoutIds(body: Record<string, unknown>, ids: Ids) {
  const values = Object.values(ids).map(String);
  const pattern = new RegExp(`(?<![\\w-])(${values.map((v) => v.replace(/[-]/g, "\\-")).join("|")})(?![\\w-])`, "g");
  return { ...body, detail: String(body.detail).replace(pattern, "{id}") };
}

describe("another account's ids are answered exactly like ids that do not exist", () => {
  let before: { snapshot: Awaited<ReturnType<typeof snapshotOf>>; counts: Awaited<ReturnType<typeof rowCounts>> };
  beforeAll(async () => {
    const aIds = Object.values(a.ids).map(String);
    expect(
      Object.values(b.ids)
        .map(String)
        .filter((id) => aIds.includes(id)),
    ).toEqual([]); // withoutIds() relies on it
    before = { snapshot: await snapshotOf(b), counts: await rowCounts(db()) };
  });

  it.each(ID_ROUTES.map((r) => [routeLabel(r), r] as const))("%s", async (_label, route) => {
    const code = deniedCode(route);
    const { status } = new DomainError(code, "");
    const others = await callRoute(route, a.key, b.ids, a.ids);
    const missing = await callRoute(route, a.key, MISSING, a.ids);
    expectProblem(others, status, code);
    expectProblem(missing, status, code);
    expect(withoutIds(others.body, b.ids)).toEqual(withoutIds(missing.body, MISSING));
    expect(others.body.detail).not.toContain("Tenant B");
  });

  it("leaves the other account's data exactly as it was, and creates nothing", async () => {
    expect(await snapshotOf(b)).toEqual(before.snapshot);
    expect(await rowCounts(db())).toEqual(before.counts);
  });

  it("never lists the other account's requests", async () => {
    const res = await call(requestsRoute.GET, "GET", "/api/requests", { key: a.key });
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([a.ids.requestId]);
    expect(res.headers.get("x-total-count")).toBe("1");
  });
});

describe("the owner (or staff) making the same calls succeeds (so the refusals above come from the account check)", () => {
  it.each(ID_ROUTES.map((r) => [routeLabel(r), r] as const))("%s", async (_label, route) => {
    const res = await callRoute(route, route.by === "staff" ? staff : b.key, b.ids, b.ids);
    if (route.permitted) {
      expectProblem(res, new DomainError(route.permitted, "").status, route.permitted);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  });
});

describe("the table of id routes", () => {
  it("has a row for every method of every /api route with an id in its path", async () => {
    const root = path.join(process.cwd(), "app", "api");
    const routeFiles = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (f) => path.basename(f) === "route.ts" && /\[(?!\[?\.\.\.)[^\]]+\]/.test(f), // an id segment, not a catch-all
    );
    const covered = new Set(ID_ROUTES.map((r) => r.handler));
    const missingRows: string[] = [];
    for (const file of routeFiles) {
      const mod = (await import(path.join(root, file))) as Record<string, unknown>;
      for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"]) {
        if (mod[method] && !covered.has(mod[method] as never)) missingRows.push(`${method} /api/${path.dirname(file)}`);
      }
    }
    expect(routeFiles.length).toBeGreaterThan(0);
    expect(missingRows, "add these endpoints to tests/helpers/id-routes.ts").toEqual([]);
  });
});
