"use server";

import { z } from "zod";
import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { deleteWallPost } from "@/lib/wall/delete-wall-post";
import { listWallThreads } from "@/lib/wall/list-wall-threads";
import { createWallPostSchema } from "@/lib/wall/schemas";

// The wall refetches through react-query after a change, so these revalidate no page.
const albumIdOf = (albumId: number) => pathId(String(albumId), "Album");
const pageOffset = z.number({ error: "must be an offset" }).int("must be an offset").min(0, "must be an offset");

/** One page of threads, for "load more" and for refetching after a change (the react-query queryFn). */
export async function loadWallPage(albumId: number, offset: number) {
  return formAction({ schema: pageOffset, values: offset }, async ({ db, actor, input }) =>
    listWallThreads(db, actor, albumIdOf(albumId), { offset: input }),
  );
}

export async function postOnWall(albumId: number, values: unknown) {
  return formAction({ schema: createWallPostSchema, values }, async ({ db, actor, input }) => {
    const post = await createWallPost(db, actor, { albumId: albumIdOf(albumId) }, input);
    // The wall moves the focus to the new post.
    return { id: post.id };
  });
}

export async function deleteFromWall(albumId: number, postId: number) {
  return formAction({}, async ({ db, actor }) => {
    await deleteWallPost(db, actor, { albumId: albumIdOf(albumId) }, pathId(String(postId), "Wall post"));
    return null;
  });
}
