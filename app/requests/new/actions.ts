"use server";

import { listAlbums } from "@/lib/albums/list-albums";
import { formAction } from "@/lib/forms/form-action";
import { findLicensees, licenseeQuery } from "@/lib/licensees/find-licensees";
import { getLicensee } from "@/lib/licensees/get-licensee";
import { releaseChoices } from "@/lib/releases/joinable-releases";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { licenseeIdSchema } from "@/lib/requests/schemas";

const filers = { roles: ["client"], doing: "file license requests" } as const;

/** The wizard's submit: every track of the album in one transaction, by the rules of POST /api/requests. */
export async function fileAlbumRequests(values: unknown) {
  const options = { ...filers, schema: createAlbumRequestsSchema, values };
  return formAction(options, async ({ db, actor, input }) => {
    const created = await createAlbumRequests(db, actor, input);
    return { albumId: created[0]!.albumId, requestIds: created.map((r) => r.id) };
  });
}

/**
 * The albums of one licensee with their releases, for the wizard's "existing album" and "existing release" choices;
 * another account's licensee is a 404.
 */
export async function licenseeAlbums(licenseeId: unknown) {
  return formAction({ ...filers, schema: licenseeIdSchema, values: licenseeId }, async ({ db, actor, input }) => {
    await getLicensee(db, actor, input);
    const albums = await listAlbums(db, actor, { licenseeId: input });
    const releases = await releaseChoices(
      db,
      albums.map((a) => a.id),
    );
    return albums.map(({ id, title, artist, trackCount }) => ({
      id,
      title,
      artist,
      trackCount,
      releases: releases.filter((r) => r.albumId === id),
    }));
  });
}

/** The licensee step's search by name, where the account has too many licensees to list. */
export async function findWizardLicensees(q: unknown) {
  const options = { ...filers, schema: licenseeQuery, values: q };
  return formAction(options, ({ db, actor, input }) => findLicensees(db, actor, { q: input, accountId: null }));
}
