import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "@/lib/clock";
import { listWallPosts } from "@/lib/wall/list-wall-posts";
import { clientKey, staffKey } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, licenseeActor, postToWall, readWall } from "../helpers/wall";

const db = setupTestDb();
afterEach(() => setClock(undefined));

let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
const messages = (res: { body: { message: string }[] }) => res.body.map((p) => p.message);

beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Wall List Records");
  // Dates on purpose out of id order: "late" is written first, so sorting must follow the date.
  const posts: [string, string, boolean][] = [
    ["2026-03-10T12:00:00Z", "late", false],
    ["2026-03-01T12:00:00Z", "early", true],
    ["2026-03-05T12:00:00Z", "middle", false],
    ["2026-03-05T12:00:00Z", "middle, second", true],
    ["2026-03-08T12:00:00Z", "recent", true],
  ];
  for (const [at, message, isPrivate] of posts) {
    setClock(new Date(at));
    const res = await postToWall(album.key, album.trackIds[0], { message, isPrivate });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
});

describe("GET /api/tracks/{trackId}/wallposts", () => {
  it("returns every post newest first (by date added, then id) as a bare array with X-Total-Count", async () => {
    const res = await readWall(album.key, album.trackIds[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("5");
    expect(messages(res)).toEqual(["late", "recent", "middle, second", "middle", "early"]);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      message: "late",
      isPrivate: false,
      visibility: "public",
      dateAdded: "2026-03-10T12:00:00.000Z",
      parentId: null,
      author: { kind: "client", name: "Wall List Records" },
    });
  });

  it("sorts oldest first with sort=asc", async () => {
    expect(messages(await readWall(album.key, album.trackIds[0], "sort=asc"))).toEqual([
      "early",
      "middle",
      "middle, second",
      "recent",
      "late",
    ]);
  });

  it("pages with offset and limit, keeping the total", async () => {
    const res = await readWall(album.key, album.trackIds[0], "offset=1&limit=2");
    expect(messages(res)).toEqual(["recent", "middle, second"]);
    expect(res.headers.get("x-total-count")).toBe("5");
    const past = await readWall(album.key, album.trackIds[0], "offset=5");
    expect(past.body).toEqual([]);
    expect(past.headers.get("x-total-count")).toBe("5");
  });

  it("filters with isprivate=true and isprivate=false", async () => {
    const priv = await readWall(album.key, album.trackIds[0], "isprivate=true");
    expect(messages(priv)).toEqual(["recent", "middle, second", "early"]);
    expect(priv.headers.get("x-total-count")).toBe("3");
    expect(messages(await readWall(album.key, album.trackIds[0], "isprivate=false&sort=asc"))).toEqual([
      "middle",
      "late",
    ]);
  });

  it("any track of the album addresses the same wall", async () => {
    const viaSecond = await readWall(album.key, album.trackIds[1]);
    expect(viaSecond.body).toEqual((await readWall(album.key, album.trackIds[0])).body);
  });

  it("shows staff the wall of any account", async () => {
    const res = await readWall(await staffKey(db()), album.trackIds[1], "limit=2");
    expect(messages(res)).toEqual(["late", "recent"]);
  });

  it.each([
    ["limit=0", ["limit"]],
    ["limit=1001", ["limit"]],
    ["limit=abc", ["limit"]],
    ["offset=-1", ["offset"]],
    ["offset=1.5", ["offset"]],
    ["sort=sideways", ["sort"]],
    ["sort=DESC", ["sort"]],
    ["isprivate=yes", ["isprivate"]],
    ["isprivate=", ["isprivate"]],
    ["limit=x&sort=up&isprivate=1", ["limit", "sort", "isprivate"]],
  ])("answers %s with 400 validation_failed naming %j", async (query, paths) => {
    const res = await readWall(album.key, album.trackIds[0], query);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([...paths].sort());
  });

  it("answers another account's track with 404, exactly like a missing one", async () => {
    const other = await clientKey(db(), "Wall Snoop Records");
    const foreign = await readWall(other.key, album.trackIds[0]);
    const missing = await readWall(other.key, 999_999);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
    expect(missing.status).toBe(404);
    expect((await readWall(other.key, album.trackIds[0], "limit=abc")).status).toBe(400);
  });
});

describe("a licensee's view of the wall", () => {
  it("never contains private posts, whatever the filter", async () => {
    const lee = await licenseeActor(db(), album, "lena.list@example.com");
    const ref = { albumId: album.albumId };
    const all = await listWallPosts(db(), lee, ref, { offset: 0, limit: 100, sort: "desc" });
    expect(all.items.map((p) => p.message)).toEqual(["late", "middle"]);
    expect(all.total).toBe(2);
    const privateOnly = await listWallPosts(db(), lee, ref, { offset: 0, limit: 100, sort: "desc", isprivate: true });
    expect(privateOnly).toEqual({ items: [], total: 0 });
  });

  it("cannot read the wall of another licensee's album of the same account", async () => {
    const otherAlbum = await albumWithTwoTracks(db(), "Wall List Records");
    const lee = await licenseeActor(db(), album, "lena.list@example.com");
    await expect(
      listWallPosts(db(), lee, { trackId: otherAlbum.trackIds[0] }, { offset: 0, limit: 100, sort: "desc" }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
