import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as requestsRoute from "@/app/api/requests/route";
import { setClock } from "@/lib/clock";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { expectProblem } from "../helpers/problem";
import { setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Issue 20: polling that scales. updatedSince in (dateUpdated, id) order with a cursor, and ETag/304 on a request.
const db = setupTestDb();
let client: string;
let staff: string;
afterEach(() => setClock(undefined));
beforeAll(async () => {
  client = (await clientKey(db(), "Polling Records")).key;
  staff = await staffKey(db());
});

const poll = (query: string, key = client) => call(requestsRoute.GET, "GET", "/api/requests", { key, query });
const ids = (res: { body: { id: number }[] }) => res.body.map((r) => r.id);
const dateUpdated = async (key: string, id: number): Promise<string> =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } })).body.dateUpdated;

describe("GET /api/requests?updatedSince", () => {
  it("returns the requests changed at or after the instant, oldest change first (then id), with the cursor to use next", async () => {
    const { key } = await clientKey(db(), "Since Records");
    const a = await fileRequest(key);
    const b = await fileRequest(key);
    const c = await fileRequest(key);
    const since = await poll(`updatedSince=${encodeURIComponent(await dateUpdated(key, a.id))}`, key);
    expect(since.status).toBe(200);
    expect(ids(since)).toEqual([a.id, b.id, c.id]);
    expect(since.headers.get("x-total-count")).toBe("3");
    expect(since.headers.get("x-next-cursor")).toBeTruthy();

    expect((await setStatus(staff, a.id, { code: "need_info", note: "Which version?" })).status).toBe(200);
    const cAt = await dateUpdated(key, c.id);
    expect(ids(await poll(`updatedSince=${encodeURIComponent(cAt)}`, key))).toEqual([c.id, a.id]);
    const offset = cAt.replace("Z", "+00:00");
    expect(ids(await poll(`updatedSince=${encodeURIComponent(offset)}`, key))).toEqual([c.id, a.id]);
    const after = new Date(Date.parse(await dateUpdated(key, a.id)) + 1).toISOString();
    expect(ids(await poll(`updatedSince=${after}`, key))).toEqual([]);
  });

  it("pages on with the cursor: nothing skipped, nothing repeated, even within one millisecond", async () => {
    const { key } = await clientKey(db(), "Cursor Records");
    const filed: number[] = [];
    for (let i = 0; i < 5; i++) filed.push((await fileRequest(key)).id);
    // Five changes within one millisecond, in the reverse order of their ids.
    for (const [i, id] of filed.entries()) {
      await db().execute(
        sql`update requests set date_updated = ${`2031-02-01T00:00:00.000${9 - i}00Z`}::timestamptz where id = ${id}`,
      );
    }
    const seen: number[] = [];
    let res = await poll("updatedSince=2031-02-01T00:00:00Z&limit=2", key);
    for (let round = 0; round < 5 && res.body.length > 0; round++) {
      seen.push(...ids(res));
      res = await poll(`cursor=${res.headers.get("x-next-cursor")}&limit=2`, key);
    }
    expect(seen).toEqual([...filed].reverse());
    expect(res.body).toEqual([]);

    // The last cursor is where the client waits: a later change shows up there, and only it.
    const waitAt = res.headers.get("x-next-cursor")!;
    setClock(new Date("2031-02-01T00:00:05.000Z"));
    expect((await setStatus(staff, filed[2]!, { code: "need_info", note: "Lyrics?" })).status).toBe(200);
    expect(ids(await poll(`cursor=${waitAt}`, key))).toEqual([filed[2]]);
  });

  it("an empty first poll gives a cursor that finds what changes later", async () => {
    const { key } = await clientKey(db(), "Empty Poll Records");
    const empty = await poll(`updatedSince=${new Date().toISOString()}`, key);
    expect(empty.body).toEqual([]);
    const r = await fileRequest(key);
    expect(ids(await poll(`cursor=${empty.headers.get("x-next-cursor")}`, key))).toEqual([r.id]);
  });

  it.each([
    ["updatedSince=yesterday", "updatedSince"],
    ["updatedSince=2031-01-05", "updatedSince"],
    ["cursor=bogus", "cursor"],
    ["updatedSince=2031-01-05T10:00:00Z&offset=5", "offset"],
    ["updatedSince=2031-01-05T10:00:00Z&updatedSince=2031-01-06T10:00:00Z", "updatedSince"],
  ])("refuses %s naming %s", async (query, path) => {
    const res = await poll(query);
    expect(expectProblem(res, 400, "validation_failed").errors!.map((e) => e.path)).toEqual([path]);
  });
});

describe("GET /api/requests/{id}: ETag and If-None-Match", () => {
  it("answers 304 while the request is unchanged, and 200 with a new ETag once it changes", async () => {
    const r = await fileRequest(client);
    const get = (headers: Record<string, string> = {}) =>
      call(requestRoute.GET, "GET", `/api/requests/${r.id}`, { key: client, params: { id: String(r.id) }, headers });
    const first = await get();
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get({ "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get("etag")).toBe(etag);
    expect((await get({ "If-None-Match": `"other", W/${etag}` })).status).toBe(304);
    expect((await get({ "If-None-Match": '"other"' })).status).toBe(200);

    expect((await setStatus(staff, r.id, { code: "need_info", note: "Which version?" })).status).toBe(200);
    const changed = await get({ "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body.status.code).toBe("need_info");
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});
