import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as formatsRoute from "@/app/api/formats/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import { requests } from "@/db/schema";
import type { StatusCode } from "@/lib/requests/statuses";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const list = (key: string, query?: string) => call(requestsRoute.GET, "GET", "/api/requests", { key, query });
const ids = (res: { body: { id: number }[] }) => res.body.map((r) => r.id);

let key: string;
let otherKey: string;
/** The caller's seven requests r[1]..r[7] (r[0] unused), and the order the list must show them in. */
const r: number[] = [0];
let newestFirst: number[];

beforeAll(async () => {
  key = (await clientKey(db(), "List Records")).key;
  otherKey = (await clientKey(db(), "Other Records")).key;
  for (let i = 1; i <= 7; i++)
    r.push((await fileRequest(key, requestBody({ track: { externalTrackId: `t${i}` } }))).id);
  for (let i = 0; i < 2; i++) await fileRequest(otherKey);
  // Dates fixed by hand: r6 and r5 were added at the same instant, so the id decides between them.
  const secondOf = [0, 1, 5, 9, 3, 7, 7, 2];
  for (let i = 1; i <= 7; i++) {
    const dateAdded = new Date(`2026-02-01T10:00:0${secondOf[i]}Z`);
    await db().update(requests).set({ dateAdded }).where(eq(requests.id, r[i]!));
  }
  newestFirst = [r[3], r[6], r[5], r[2], r[4], r[7], r[1]] as number[];
  const statusOf: Partial<Record<number, StatusCode>> = { 2: "ready", 4: "cancelled", 5: "in_progress" };
  for (const [i, statusCode] of Object.entries(statusOf)) {
    await db()
      .update(requests)
      .set({ statusCode })
      .where(eq(requests.id, r[Number(i)]!));
  }
});

describe("GET /api/requests", () => {
  it("is a bare array of the caller's requests, newest first (then by id), with X-Total-Count", async () => {
    const res = await list(key);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(ids(res)).toEqual(newestFirst);
    expect(res.headers.get("x-total-count")).toBe("7");
  });

  it("shows each request exactly as GET /api/requests/{id} does", async () => {
    const res = await list(key);
    for (const item of res.body) {
      const one = await call(requestRoute.GET, "GET", `/api/requests/${item.id}`, {
        key,
        params: { id: String(item.id) },
      });
      expect(item).toEqual(one.body);
    }
  });

  it.each([
    ["offset=2&limit=3", [2, 5]],
    ["offset=0&limit=1", [0, 1]],
    ["offset=6&limit=3", [6, 7]],
    ["offset=7&limit=3", [7, 7]],
    ["offset=100&limit=100", [100, 100]],
    ["limit=1000", [0, 7]],
  ])("pages with %s (items offset+1 to offset+limit), the total unchanged", async (query, [from, to]) => {
    const res = await list(key, query);
    expect(ids(res)).toEqual(newestFirst.slice(from, to));
    expect(res.headers.get("x-total-count")).toBe("7");
  });

  it("gives the whole list, in order and without repeats, page after page", async () => {
    const pages: number[] = [];
    for (let offset = 0; offset < 7; offset += 2) pages.push(...ids(await list(key, `offset=${offset}&limit=2`)));
    expect(pages).toEqual(newestFirst);
  });

  it.each<[string, number[]]>([
    ["ready", [2]],
    ["ready,cancelled", [2, 4]],
    ["cancelled, ready", [2, 4]],
    ["new", [3, 6, 7, 1]],
    ["in_progress,new", [3, 6, 5, 7, 1]],
    ["licensed", []],
  ])("filters by ?status=%s", async (status, which) => {
    const res = await list(key, `status=${encodeURIComponent(status)}`);
    expect(ids(res)).toEqual(which.map((i) => r[i]));
    expect(res.headers.get("x-total-count")).toBe(String(which.length));
    for (const item of res.body) expect(status).toContain(item.status.code);
  });

  it("combines a status filter with paging; the total counts the filtered requests", async () => {
    const res = await list(key, "status=new&offset=1&limit=2");
    expect(ids(res)).toEqual([r[6], r[7]]);
    expect(res.headers.get("x-total-count")).toBe("4");
  });

  it("shows only the caller's account; staff see every account", async () => {
    const other = await list(otherKey);
    expect(other.headers.get("x-total-count")).toBe("2");
    expect(ids(other).filter((id) => r.includes(id))).toEqual([]);
    const staff = await list(await staffKey(db()), "limit=1000");
    expect(ids(staff)).toEqual(expect.arrayContaining([...newestFirst, ...ids(other)]));
  });

  it("returns 100 by default, and offset 100 with limit 100 gives the 101st item onwards", async () => {
    const { key: bigKey } = await clientKey(db(), "Big Records");
    const first = await fileRequest(bigKey);
    const joinAlbum = {
      album: { id: first.albumId, licensee: { id: first.licenseeId } },
      releases: [{ id: first.releaseId }],
    };
    for (let i = 1; i < 10; i++)
      await fileRequest(bigKey, requestBody({ track: { ...joinAlbum, externalTrackId: `big${i}` } }));
    for (let i = 0; i < 10; i++) {
      const res = await call(trackRequestsRoute.POST, "POST", `/api/tracks/${first.trackId}/requests`, {
        key: bigKey,
        params: { id: String(first.trackId) },
        body: { formatId: 1002, releaseQuantity: 10 + i },
      });
      expect(res.body).toHaveLength(10); // one request per track of the album
    }
    const all = await list(bigKey, "limit=1000");
    expect(all.body).toHaveLength(110);
    const dates = all.body.map((item: { dateAdded: string }) => item.dateAdded);
    expect(dates).toEqual([...dates].sort().reverse());
    const firstPage = await list(bigKey);
    expect(ids(firstPage)).toEqual(ids(all).slice(0, 100));
    expect(firstPage.headers.get("x-total-count")).toBe("110");
    const secondPage = await list(bigKey, "offset=100&limit=100");
    expect(ids(secondPage)).toEqual(ids(all).slice(100, 200));
    expect(secondPage.body).toHaveLength(10);
  });
});

describe("GET /api/formats", () => {
  it("lists formats 1001 to 1011 with their royalty kind; only streams (1003) require outlets", async () => {
    const res = await call(formatsRoute.GET, "GET", "/api/formats", { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("11");
    expect(res.body.map((f: { id: number }) => f.id)).toEqual([
      1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011,
    ]);
    const byId = new Map(res.body.map((f: { id: number }) => [f.id, f]));
    expect(byId.get(1001)).toMatchObject({ title: "Compact Discs", royalty: { kind: "statutory" } });
    expect(byId.get(1002)).toMatchObject({ title: "Digital Downloads", royalty: { kind: "statutory" } });
    expect(byId.get(1003)).toMatchObject({
      title: "Interactive Audio Streams",
      royalty: { kind: "fixed", perUnit: "0.0100" },
    });
    expect(byId.get(1004)).toMatchObject({ title: "Ringtones", royalty: { kind: "fixed", perUnit: "0.2400" } });
    expect(byId.get(1011)).toMatchObject({ title: "Integrated Circuits", royalty: { kind: "statutory" } });
    const needOutlets = res.body.filter(
      (f: { requiresExpectedOutletsOfDistribution: boolean }) => f.requiresExpectedOutletsOfDistribution,
    );
    expect(needOutlets.map((f: { id: number }) => f.id)).toEqual([1003]);
  });

  it("needs an API key like every other endpoint", async () => {
    expect((await call(formatsRoute.GET, "GET", "/api/formats")).status).toBe(401);
  });
});
