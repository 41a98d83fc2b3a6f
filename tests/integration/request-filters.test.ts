import { beforeAll, describe, expect, it } from "vitest";
import * as albumRoute from "@/app/api/albums/[id]/route";
import * as albumsRoute from "@/app/api/albums/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as requestsRoute from "@/app/api/requests/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { errorPaths, expectProblem } from "../helpers/problem";
import { cancel } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; other: string; staff: string };
/** Two licensees of the account with their own ids, an album each; and another account reusing the same ids. */
let filed: { first: Filed; second: Filed; third: Filed; foreign: Filed };
type Filed = Awaited<ReturnType<typeof fileRequest>>;

const licensee = (externalLicenseeId: string, companyName: string) => ({
  ...COMPLETE_LICENSEE,
  companyName,
  externalLicenseeId,
});
const body = (externalTrackId: string, lic: Record<string, string> | { id: string }, album?: number) =>
  requestBody({
    track: {
      externalTrackId,
      album: album === undefined ? { title: "Matched", artist: "The Test Band", licensee: lic } : { id: album },
      song: { title: `Song ${externalTrackId}`, originalRecordingArtist: "The Beatles" },
    },
  });

beforeAll(async () => {
  const client = await clientKey(db(), "Filter Records");
  const other = await clientKey(db(), "Other Filter Records");
  keys = { client: client.key, other: other.key, staff: await staffKey(db()) };
  const first = await fileRequest(keys.client, body("T-1", licensee("L-1", "First LLC")));
  const second = await fileRequest(keys.client, body("T-2", { id: first.licenseeId }, first.albumId));
  const third = await fileRequest(keys.client, body("T-3", licensee("L-2", "Second LLC")));
  const foreign = await fileRequest(keys.other, body("T-1", licensee("L-1", "Foreign LLC")));
  filed = { first, second, third, foreign };
});

const list = (query: string, key = keys.client) => call(requestsRoute.GET, "GET", "/api/requests", { key, query });
const ids = (res: Awaited<ReturnType<typeof list>>) => (res.body as { id: number }[]).map((r) => r.id).sort();

describe("the request view carries what a client's own records match it by", () => {
  it("song title, format, release month and year, and the external ids, as GET and the filing answer show them", async () => {
    const { first } = filed;
    const read = await call(requestRoute.GET, "GET", `/api/requests/${first.id}`, {
      key: keys.client,
      params: { id: String(first.id) },
    });
    const expected = {
      songTitle: "Song T-1",
      format: { id: 1002, title: "Digital Downloads" },
      externalTrackId: "T-1",
      externalLicenseeId: "L-1",
    };
    expect(read.body).toMatchObject(expected);
    expect(first).toMatchObject(expected);
    expect(read.body.releaseMonth).toBeGreaterThanOrEqual(1);
    expect(read.body).toMatchObject({ releaseMonth: read.body.releaseMonth, releaseYear: expect.any(Number) });
  });

  it("POST /api/albums answers each request's externalTrackId, and GET /api/albums/{id} each track's", async () => {
    const res = await call(albumsRoute.POST, "POST", "/api/albums", {
      key: keys.client,
      body: {
        album: { title: "Echoed", artist: "The Test Band", licensee: licensee("L-9", "Echo LLC") },
        release: { formatId: 1001, releaseQuantity: 100 },
        tracks: [{ externalTrackId: "E-1", song: { title: "Echo", composer: "A Writer" } }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.requests[0]).toMatchObject({
      externalTrackId: "E-1",
      externalLicenseeId: "L-9",
      format: { id: 1001, title: "Compact Discs" },
    });
    const album = await call(albumRoute.GET, "GET", `/api/albums/${res.body.albumId}`, {
      key: keys.client,
      params: { id: String(res.body.albumId) },
    });
    expect(album.body.tracks[0].externalTrackId).toBe("E-1");
  });
});

describe("GET /api/requests filtered by the client's own records", () => {
  const CASES: { name: string; query: () => string; expected: () => number[] }[] = [
    { name: "externalTrackId", query: () => "externalTrackId=T-1", expected: () => [filed.first.id] },
    {
      name: "externalLicenseeId",
      query: () => "externalLicenseeId=L-1",
      expected: () => [filed.first.id, filed.second.id],
    },
    { name: "albumId", query: () => `albumId=${filed.third.albumId}`, expected: () => [filed.third.id] },
    {
      name: "licenseeId",
      query: () => `licenseeId=${filed.first.licenseeId}`,
      expected: () => [filed.first.id, filed.second.id],
    },
    {
      name: "two filters together",
      query: () => `externalLicenseeId=L-1&externalTrackId=T-2`,
      expected: () => [filed.second.id],
    },
    { name: "an id nobody filed", query: () => "externalTrackId=nobody", expected: () => [] },
    { name: "another account's album", query: () => `albumId=${filed.foreign.albumId}`, expected: () => [] },
  ];

  it.each(CASES)("by $name: only the account's matching requests, and their count", async ({ query, expected }) => {
    const res = await list(query());
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected().sort());
    expect(res.headers.get("X-Total-Count")).toBe(String(expected().length));
  });

  it("combines with status", async () => {
    expect((await cancel(keys.client, filed.second.id)).status).toBe(200);
    const res = await list("externalLicenseeId=L-1&status=new");
    expect(ids(res)).toEqual([filed.first.id]);
    expect(res.headers.get("X-Total-Count")).toBe("1");
  });

  it("lets staff filter every account's requests", async () => {
    expect(ids(await list("externalTrackId=T-1", keys.staff))).toEqual([filed.first.id, filed.foreign.id].sort());
  });

  const BAD: { query: string; path: string }[] = [
    { query: "albumId=abc", path: "albumId" },
    { query: "albumId=0", path: "albumId" },
    { query: "licenseeId=not-a-uuid", path: "licenseeId" },
    { query: "externalTrackId=", path: "externalTrackId" },
    { query: "externalTrackID=T-1", path: "externalTrackID" },
  ];

  it.each(BAD)("refuses $query, naming $path", async ({ query, path }) => {
    const res = await list(query);
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual([path]);
  });
});
