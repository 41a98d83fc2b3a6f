import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxMessages, wallPosts } from "@/db/schema";
import { createWallPost, MAX_THREAD_DEPTH } from "@/lib/wall/create-wall-post";
import { listWallThreads } from "@/lib/wall/list-wall-threads";
import { listWallPosts } from "@/lib/wall/list-wall-posts";
import { clientKey, staffKey } from "../helpers/api";
import { errorPaths, expectProblem } from "../helpers/problem";
import { rowCounts } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, licenseeActor, postToWall, readWall } from "../helpers/wall";

const db = setupTestDb();
let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Wall Create Records");
});
beforeEach(() => {
  // One mail per post, sent at once: coalescing is wall-mail-coalescing.test.ts's subject.
  vi.stubEnv("WALL_MAIL_COALESCE_MINUTES", "0");
});

describe("POST /api/tracks/{trackId}/wallposts", () => {
  it("creates a private post by default, with Location and the author", async () => {
    const res = await postToWall(album.key, album.trackIds[0], { message: "  Please send the lyrics.  " });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/tracks/${album.trackIds[0]}/wallposts/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(Number),
      message: "Please send the lyrics.",
      isPrivate: true,
      visibility: "private",
      dateAdded: expect.any(String),
      parentId: null,
      author: { kind: "client", name: "Wall Create Records" },
    });
  });

  it("creates a public post when asked, and staff posts as an employee", async () => {
    const pub = await postToWall(album.key, album.trackIds[0], { message: "Public news", isPrivate: false });
    expect(pub.body.isPrivate).toBe(false);
    const staff = await postToWall(await staffKey(db()), album.trackIds[1], { message: "We are on it." });
    expect(staff.status).toBe(201);
    expect(staff.body.author).toEqual({ kind: "employee", name: "CoverDesk staff (API)" });
    expect(staff.body.isPrivate).toBe(true);
  });

  it.each([
    [{}, "message"],
    [{ message: "   " }, "message"],
    [{ message: "x".repeat(10_001) }, "message"],
    [{ message: 42 }, "message"],
    [{ message: "ok", isPrivate: "yes" }, "isPrivate"],
    [{ message: "ok", parentId: "one" }, "parentId"],
    [{ message: "ok", parentId: 0 }, "parentId"],
  ])("refuses %j with validation_failed on %s", async (body, path) => {
    const res = await postToWall(album.key, album.trackIds[0], body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it("accepts a message of exactly 10000 characters", async () => {
    const res = await postToWall(album.key, album.trackIds[0], { message: "y".repeat(10_000) });
    expect(res.status).toBe(201);
  });

  it("answers another account's track, and a track that does not exist, with 404", async () => {
    const other = await clientKey(db(), "Wall Other Records");
    for (const [key, trackId] of [
      [other.key, album.trackIds[0]],
      [album.key, 999_999],
    ] as const) {
      const res = await postToWall(key, trackId, { message: "hello" });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });
});

describe("replies", () => {
  it("a reply keeps the thread on the same album, whichever track addressed it", async () => {
    const root = await postToWall(album.key, album.trackIds[0], { message: "Root", isPrivate: false });
    const reply = await postToWall(album.key, album.trackIds[1], {
      message: "Reply",
      isPrivate: false,
      parentId: root.body.id,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ parentId: root.body.id, isPrivate: false });
  });

  it("a reply to a private post is private even when public was asked", async () => {
    const root = await postToWall(album.key, album.trackIds[0], { message: "Private root" });
    const reply = await postToWall(album.key, album.trackIds[0], {
      message: "Reply meant public",
      isPrivate: false,
      parentId: root.body.id,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.isPrivate).toBe(true);
  });

  it("refuses a parent on another album, or one that does not exist, with parentId in errors", async () => {
    const elsewhere = await albumWithTwoTracks(db(), "Wall Create Records");
    const foreign = await postToWall(album.key, elsewhere.trackIds[0], { message: "On another album" });
    for (const parentId of [foreign.body.id, 999_999]) {
      const res = await postToWall(album.key, album.trackIds[0], { message: "Misplaced", parentId });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors).toEqual([{ path: "parentId", message: "is not a post on this album's wall" }]);
    }
  });
});

describe("licensees", () => {
  it("post public by default, may not post privately, and cannot reply to a private post they cannot see", async () => {
    const lee = await licenseeActor(db(), album, "lena.create@example.com");
    const post = await createWallPost(db(), lee, { albumId: album.albumId }, { message: "Hi!", parentId: null });
    expect(post).toMatchObject({ isPrivate: false, author: { kind: "licensee", name: "Lena Licensee" } });

    await expect(
      createWallPost(
        db(),
        lee,
        { albumId: album.albumId },
        { message: "Secret", visibility: "private", parentId: null },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });

    const hidden = await postToWall(album.key, album.trackIds[0], { message: "Staff only" });
    await expect(
      createWallPost(db(), lee, { albumId: album.albumId }, { message: "Re", parentId: hidden.body.id }),
    ).rejects.toMatchObject({ code: "validation_failed", errors: [{ path: "parentId" }] });

    const seen = await listWallPosts(db(), lee, { albumId: album.albumId }, { offset: 0, limit: 1000, sort: "desc" });
    expect(seen.items.map((p) => p.message)).not.toContain("Secret");
  });
});

describe("the outbox", () => {
  it("writes one staff email per post, public or private, in the post's transaction", async () => {
    const pub = await postToWall(album.key, album.trackIds[1], { message: "Mail me (public)", isPrivate: false });
    const priv = await postToWall(album.key, album.trackIds[1], { message: "Mail me (private)" });
    for (const post of [pub.body, priv.body]) {
      const rows = await db().select().from(outboxMessages).where(eq(outboxMessages.wallPostId, post.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "pending", attempts: 0 });
      expect(rows[0]!.body).toContain(post.message);
    }
  });

  it("writes neither the post nor a message when the post is refused", async () => {
    const before = await db().$count(outboxMessages);
    const posts = await db().$count(wallPosts);
    const res = await postToWall(album.key, album.trackIds[0], { message: "Orphan", parentId: 999_999 });
    expect(res.status).toBe(400);
    expect(await db().$count(outboxMessages)).toBe(before);
    expect(await db().$count(wallPosts)).toBe(posts);
    expect(
      (await readWall(album.key, album.trackIds[0], "limit=1000")).body.map((p: { message: string }) => p.message),
    ).not.toContain("Orphan");
  });
});

describe("limits that keep one client from flooding the wall and the staff's mail", () => {
  it(`refuses a reply more than ${MAX_THREAD_DEPTH} levels deep, naming parentId; a shallower reply still works`, async () => {
    const deep = await albumWithTwoTracks(db(), "Wall Depth Records");
    const chain: number[] = [];
    for (let level = 1; level <= MAX_THREAD_DEPTH; level++) {
      const res = await postToWall(deep.key, deep.trackIds[0], {
        message: `level ${level}`,
        parentId: chain.at(-1) ?? null,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      chain.push(res.body.id);
    }
    const tooDeep = await postToWall(deep.key, deep.trackIds[0], { message: "one more", parentId: chain.at(-1) });
    expectProblem(tooDeep, 400, "validation_failed");
    expect(errorPaths(tooDeep)).toEqual(["parentId"]);
    expect((await postToWall(deep.key, deep.trackIds[0], { message: "sideways", parentId: chain.at(-2) })).status).toBe(
      201,
    );
    // The portal still shows the whole chain, nested.
    const client = {
      kind: "client" as const,
      name: "c",
      accountId: deep.accountId,
      role: "admin" as const,
      userId: null,
      apiKeyId: null,
    };
    let thread = (await listWallThreads(db(), client, deep.albumId, { offset: 0 })).threads[0]!;
    for (let level = 2; level <= MAX_THREAD_DEPTH; level++)
      thread = thread.replies.find((r) => r.message === `level ${level}`)!;
    expect(thread.id).toBe(chain.at(-1));
  });

  it("rate-limits wall posts per client account (WALL_POSTS_PER_HOUR): a refused post mails no one", async () => {
    vi.stubEnv("WALL_POSTS_PER_HOUR", "3");
    try {
      const busy = await albumWithTwoTracks(db(), "Wall Flood Records");
      for (let i = 0; i < 3; i++) {
        const res = await postToWall(busy.key, busy.trackIds[i % 2]!, { message: `post ${i}` });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const before = await rowCounts(db());
      const flooded = await postToWall(busy.key, busy.trackIds[0], { message: "one too many" });
      expectProblem(flooded, 429, "rate_limited");
      expect(Number(flooded.headers.get("retry-after"))).toBeGreaterThan(0);
      const after = await rowCounts(db());
      expect([after.wallPosts, after.outboxMessages]).toEqual([before.wallPosts, before.outboxMessages]);
      // Staff are not limited, and neither is another account.
      expect((await postToWall(await staffKey(db()), busy.trackIds[0], { message: "staff answer" })).status).toBe(201);
      const other = await albumWithTwoTracks(db(), "Wall Quiet Records");
      expect((await postToWall(other.key, other.trackIds[0], { message: "other account" })).status).toBe(201);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
