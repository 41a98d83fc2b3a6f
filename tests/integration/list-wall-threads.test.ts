import { beforeAll, describe, expect, it } from "vitest";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { listWallThreads } from "@/lib/wall/list-wall-threads";
import { staffKey } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, licenseeActor, postToWall } from "../helpers/wall";

const db = setupTestDb();
let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
let ids: Record<string, number>;

beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Wall Thread Records");
  const staff = await staffKey(db());
  const post = async (key: string, message: string, isPrivate: boolean, parent?: string) => {
    const res = await postToWall(key, album.trackIds[0], { message, isPrivate, parentId: parent ? ids[parent] : null });
    ids[message] = res.body.id;
  };
  ids = {};
  await post(album.key, "first", false);
  await post(album.key, "private note", true);
  await post(staff, "public answer", false, "first");
  await post(album.key, "private aside", true, "first");
  await post(staff, "reply to the aside", true, "private aside");
  await post(album.key, "nested public", false, "public answer");
  await post(staff, "reply to private note", true, "private note");
  for (let i = 1; i <= 3; i++) await post(album.key, `filler ${i}`, false);
});

type Thread = { message: string; replies: Thread[] };
const shape = (threads: Thread[]): unknown[] =>
  threads.map((t) => (t.replies.length ? [t.message, shape(t.replies)] : t.message));

describe("the portal's threaded wall", () => {
  it("pages top-level posts newest first, each with its replies nested oldest first", async () => {
    const clientStaff = {
      kind: "client" as const,
      name: "Casey",
      accountId: album.accountId,
      role: "admin" as const,
      userId: null,
      apiKeyId: null,
    };
    const page = await listWallThreads(db(), clientStaff, album.albumId, { offset: 0, limit: 4 });
    expect(page.total).toBe(5);
    expect(page.nextOffset).toBe(4);
    expect(shape(page.threads)).toEqual([
      "filler 3",
      "filler 2",
      "filler 1",
      ["private note", ["reply to private note"]],
    ]);
    const next = await listWallThreads(db(), clientStaff, album.albumId, { offset: 4, limit: 4 });
    expect(next.nextOffset).toBeNull();
    expect(shape(next.threads)).toEqual([
      [
        "first",
        [
          ["public answer", ["nested public"]],
          ["private aside", ["reply to the aside"]],
        ],
      ],
    ]);
    expect(next.threads[0]!.canDelete).toBe(true);
    expect(next.threads[0]!.replies[0]!.canDelete).toBe(false);
  });

  it("gives a licensee only public posts and public replies, and no delete rights on others' posts", async () => {
    const lee = await licenseeActor(db(), album, "lena.thread@example.com");
    const page = await listWallThreads(db(), lee, album.albumId, { offset: 0, limit: 10 });
    expect(page.total).toBe(4);
    expect(shape(page.threads)).toEqual([
      "filler 3",
      "filler 2",
      "filler 1",
      ["first", [["public answer", ["nested public"]]]],
    ]);
    expect(JSON.stringify(page)).not.toMatch(/private/);
    const all = (t: { canDelete: boolean; replies: unknown[] }[]): boolean[] =>
      t.flatMap((x) => [x.canDelete, ...all(x.replies as typeof t)]);
    expect(all(page.threads).every((d) => d === false)).toBe(true);
  });

  it("a licensee posts public by default through the album, and sees it at the top", async () => {
    const lee = await licenseeActor(db(), album, "lena.thread@example.com");
    await createWallPost(db(), lee, { albumId: album.albumId }, { message: "thanks!", parentId: null });
    const page = await listWallThreads(db(), lee, album.albumId, { offset: 0, limit: 1 });
    expect(page.threads[0]).toMatchObject({ message: "thanks!", isPrivate: false, author: { kind: "licensee" } });
  });

  it("answers the album of another account with not_found", async () => {
    const stranger = {
      kind: "client" as const,
      name: "Stranger",
      accountId: 999_999,
      role: "admin" as const,
      userId: null,
      apiKeyId: null,
    };
    await expect(listWallThreads(db(), stranger, album.albumId, { offset: 0 })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
