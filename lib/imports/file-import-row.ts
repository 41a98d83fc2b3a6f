import type { Tx } from "@/db/client";
import type { ImportKeys } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { LICENSEE_FIELDS } from "@/lib/licensees/fields";
import { fileNewRequest } from "@/lib/requests/create-request";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import type { ImportRowInput } from "./import-row-schema";

type NewLicensee = Record<(typeof LICENSEE_FIELDS)[number], string | null>;

/** One key per set of licensee details: identical details in one import make one licensee. */
const licenseeKey = (details: NewLicensee) => JSON.stringify(LICENSEE_FIELDS.map((f) => details[f]));

/**
 * Files one parsed row with createRequest's own filing, inside the caller's transaction: a row whose albumKey was
 * filed before joins that album and release, and new licensee details already filed in the import name that
 * licensee. `keys` learns what this row made; the caller saves it in the same transaction. `rates`: the rate table,
 * loaded once per batch.
 */
export async function fileImportRow(tx: Tx, ctx: { client: Extract<Actor, { kind: "client" }>; keys: ImportKeys; rates: RateTable }, row: ImportRowInput) {
  const { client, keys } = ctx;
  const { albumKey, ...body } = row;
  let { track } = body;
  const joined = albumKey ? keys.albums[albumKey] : undefined;
  const newLicensee = track.album.licensee && !("id" in track.album.licensee) ? licenseeKey(track.album.licensee) : undefined;
  if (joined) {
    track = { ...track, album: { id: joined.albumId }, releases: [{ id: joined.releaseId }] };
  } else if (newLicensee && keys.licensees[newLicensee]) {
    track = { ...track, album: { ...track.album, licensee: { id: keys.licensees[newLicensee] } } };
  }
  const filed = await tx.transaction((savepoint) => fileNewRequest(savepoint, client, { track }, ctx.rates));
  if (albumKey && !joined) keys.albums[albumKey] = { albumId: filed.albumId, releaseId: filed.releaseId };
  if (newLicensee && !joined) keys.licensees[newLicensee] ??= filed.licenseeId;
  return filed.requestId;
}
