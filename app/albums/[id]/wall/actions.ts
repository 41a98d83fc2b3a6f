"use server";

import { z } from "zod";
import { getDb } from "@/db";
import type { Actor } from "@/lib/auth/actor";
import { requireActor } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { deleteWallPost } from "@/lib/wall/delete-wall-post";
import { listWallThreads, type WallPage } from "@/lib/wall/list-wall-threads";
import { createWallPostSchema } from "@/lib/wall/schemas";

export type WallActionResult<T = null> =
  | { ok: true; data: T }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

const id = z.number().int().positive();
const offset = z.number().int().min(0);

/** One page of threads, for "load more" and for refetching after a change (the react-query queryFn). */
export async function loadWallPage(albumId: number, pageOffset: number): Promise<WallActionResult<WallPage>> {
  return run(async (actor) => listWallThreads(await getDb(), actor, id.parse(albumId), { offset: offset.parse(pageOffset) }));
}

export async function postOnWall(albumId: number, values: unknown): Promise<WallActionResult> {
  return run(async (actor) => {
    await createWallPost(await getDb(), actor, { albumId: id.parse(albumId) }, parseInput(createWallPostSchema, values));
    return null;
  });
}

export async function deleteFromWall(albumId: number, postId: number): Promise<WallActionResult> {
  return run(async (actor) => {
    await deleteWallPost(await getDb(), actor, { albumId: id.parse(albumId) }, id.parse(postId));
    return null;
  });
}

/** Re-checks the session (actions are public endpoints), runs the use case, and maps domain errors for the UI. */
async function run<T>(work: (actor: Actor) => Promise<T>): Promise<WallActionResult<T>> {
  const { actor } = await requireActor();
  try {
    return { ok: true, data: await work(actor) };
  } catch (e) {
    if (e instanceof z.ZodError) return { ok: false, error: "That request was not valid." };
    if (!(e instanceof DomainError)) throw e;
    if (e.code !== "validation_failed") return { ok: false, error: e.detail };
    return {
      ok: false,
      error: "Please correct the message.",
      fieldErrors: Object.fromEntries((e.errors ?? []).map((f) => [f.path, f.message])),
    };
  }
}
