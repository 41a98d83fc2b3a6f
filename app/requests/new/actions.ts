"use server";

import { getDb } from "@/db";
import { listAlbums } from "@/lib/albums/list-albums";
import { requireActor } from "@/lib/auth/session";
import { requireClient } from "@/lib/requests/require-client";
import { runAction } from "@/lib/portal/action-result";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { licenseeIdSchema } from "@/lib/requests/schemas";
import { parseInput } from "@/lib/validation";

/** The wizard's submit: every track of the album in one transaction, exactly as POST /api/requests would file them. */
export async function fileAlbumRequests(input: unknown) {
  const { actor } = await requireActor();
  return runAction(async () => {
    requireClient(actor, "file license requests");
    const created = await createAlbumRequests(await getDb(), actor, parseInput(createAlbumRequestsSchema, input));
    return { albumId: created[0]!.albumId, requestIds: created.map((r) => r.id) };
  });
}

/** The albums of one licensee, for the wizard's "existing album" choice. */
export async function licenseeAlbums(licenseeId: unknown) {
  const { actor } = await requireActor();
  const albums = await listAlbums(await getDb(), actor, { licenseeId: parseInput(licenseeIdSchema, licenseeId) });
  return albums.map(({ id, title, artist, trackCount }) => ({ id, title, artist, trackCount }));
}
