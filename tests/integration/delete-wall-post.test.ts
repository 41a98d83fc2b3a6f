import { beforeAll, describe, expect, it } from "vitest";
import * as wallPostRoute from "@/app/api/tracks/[id]/wallposts/[wallPostId]/route";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { deleteWallPost } from "@/lib/wall/delete-wall-post";
import { call, clientKey, staffKey } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, licenseeActor, postToWall, readWall } from "../helpers/wall";

const db = setupTestDb();
let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
let staff: string;
beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Wall Delete Records");
  staff = await staffKey(db());
});

const remove = (key: string, trackId: number, postId: number) =>
  call(wallPostRoute.DELETE, "DELETE", `/api/tracks/${trackId}/wallposts/${postId}`, {
    key,
    params: { id: String(trackId), wallPostId: String(postId) },
  });
const ids = async (trackId: number) =>
  ((await readWall(album.key, trackId, "limit=1000")).body as { id: number }[]).map((p) => p.id);

describe("DELETE /api/tracks/{trackId}/wallposts/{wallPostId}", () => {
  it("lets the author's account delete its post for good, with the replies, through any track of the album", async () => {
    const root = await postToWall(album.key, album.trackIds[0], { message: "Root" });
    const reply = await postToWall(staff, album.trackIds[0], { message: "Staff reply", parentId: root.body.id });
    const res = await remove(album.key, album.trackIds[1], root.body.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const left = await ids(album.trackIds[0]);
    expect(left).not.toContain(root.body.id);
    expect(left).not.toContain(reply.body.id);
    expect((await remove(album.key, album.trackIds[0], root.body.id)).status).toBe(404);
  });

  it("lets an employee delete a client's post", async () => {
    const post = await postToWall(album.key, album.trackIds[0], { message: "Client words" });
    expect((await remove(staff, album.trackIds[0], post.body.id)).status).toBe(204);
    expect(await ids(album.trackIds[0])).not.toContain(post.body.id);
  });

  it("refuses client staff deleting an employee's post with 403 and keeps it", async () => {
    const post = await postToWall(staff, album.trackIds[0], { message: "Staff words" });
    const res = await remove(album.key, album.trackIds[0], post.body.id);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect(await ids(album.trackIds[0])).toContain(post.body.id);
  });

  it("lets client staff delete their licensee's post", async () => {
    const lee = await licenseeActor(db(), album, "lena.delete@example.com");
    const mine = await createWallPost(db(), lee, { albumId: album.albumId }, { message: "From Lena", parentId: null });
    expect((await remove(album.key, album.trackIds[0], mine.id)).status).toBe(204);
    expect(await ids(album.trackIds[0])).not.toContain(mine.id);
  });

  it("lets a licensee delete its own post, keeping the replies under it (private staff notes included)", async () => {
    const lee = await licenseeActor(db(), album, "lena.delete@example.com");
    const mine = await createWallPost(db(), lee, { albumId: album.albumId }, { message: "Lena asks", parentId: null });
    const note = await postToWall(staff, album.trackIds[0], {
      message: "Private note",
      isPrivate: true,
      parentId: mine.id,
    });
    const answer = await postToWall(album.key, album.trackIds[0], {
      message: "Public answer",
      isPrivate: false,
      parentId: mine.id,
    });
    await deleteWallPost(db(), lee, { albumId: album.albumId }, mine.id);
    const left = await ids(album.trackIds[0]);
    expect(left).not.toContain(mine.id);
    expect(left).toEqual(expect.arrayContaining([note.body.id, answer.body.id]));
    const wall = (await readWall(album.key, album.trackIds[0], "limit=1000")).body as {
      id: number;
      parentId: number | null;
    }[];
    expect(wall.find((p) => p.id === note.body.id)?.parentId).toBeNull();
  });

  it("refuses a licensee deleting a post it did not write, with 403", async () => {
    const lee = await licenseeActor(db(), album, "lena.delete@example.com");
    const clients = await postToWall(album.key, album.trackIds[0], { message: "From the label", isPrivate: false });
    await expect(deleteWallPost(db(), lee, { albumId: album.albumId }, clients.body.id)).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await ids(album.trackIds[0])).toContain(clients.body.id);
  });

  it("answers a licensee asking to delete a private post with 404, as if it did not exist", async () => {
    const lee = await licenseeActor(db(), album, "lena.delete@example.com");
    const hidden = await postToWall(album.key, album.trackIds[0], { message: "Private" });
    await expect(deleteWallPost(db(), lee, { albumId: album.albumId }, hidden.body.id)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("answers another account's track or a post of another album with 404 and deletes nothing", async () => {
    const post = await postToWall(album.key, album.trackIds[0], { message: "Stay" });
    const other = await clientKey(db(), "Wall Vandal Records");
    const foreign = await remove(other.key, album.trackIds[0], post.body.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");

    const elsewhere = await albumWithTwoTracks(db(), "Wall Delete Records");
    const wrongAlbum = await remove(album.key, elsewhere.trackIds[0], post.body.id);
    expect(wrongAlbum.status).toBe(404);
    expect((await remove(album.key, album.trackIds[0], 999_999)).status).toBe(404);
    // An id that is not a number names no post: a bad path parameter, not an unknown one.
    expect((await remove(album.key, album.trackIds[0], Number.NaN)).status).toBe(400);
    expect(await ids(album.trackIds[0])).toContain(post.body.id);
  });
});
