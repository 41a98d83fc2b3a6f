import type { Tx } from "@/db/client";
import type { ImportKeys } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { validationFailed } from "@/lib/errors";
import { LICENSEE_FIELDS } from "@/lib/licensees/fields";
import { fileNewRequest } from "@/lib/requests/create-request";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import type { ImportRowInput } from "./import-row-schema";

type NewLicensee = Record<(typeof LICENSEE_FIELDS)[number], string | null>;

/** One key per set of licensee details: identical details in one import make one licensee. */
const licenseeKey = (details: NewLicensee) => JSON.stringify(LICENSEE_FIELDS.map((f) => details[f]));

type Ctx = {
  client: Extract<Actor, { kind: "client" }>;
  keys: ImportKeys;
  rates: RateTable;
  /** The check's dry run: each chunk is rolled back, so a medley whole filed in an earlier chunk is gone. */
  dryRun: boolean;
  /**
   * The dry run's request numbers, each new and below zero: a number taken from the sequence stays used when the
   * chunk is rolled back, and the client's next real request would skip it.
   */
  dryRunRequestId?: () => number;
  /** When the rows' eligibility answers were given: the import's upload (the filing comes later). */
  answeredAt?: Date;
};

/**
 * Files one parsed row with createRequest's own filing, inside the caller's transaction: a row whose albumKey was
 * filed before joins that album and release, new licensee details already filed in the import name that licensee,
 * and a medley part joins the whole its medleyKey names. `keys` learns what this row made; the caller saves it in the
 * same transaction. `rates`: the rate table, the database handle's cached one.
 */
export async function fileImportRow(tx: Tx, ctx: Ctx, row: ImportRowInput) {
  const { client, keys } = ctx;
  const { albumKey, trackKey, medleyKey, ...body } = row;
  let { track } = body;
  const joined = albumKey ? keys.albums[albumKey] : undefined;
  const newLicensee =
    track.album.licensee && !("id" in track.album.licensee) ? licenseeKey(track.album.licensee) : undefined;
  if (joined) {
    track = { ...track, album: { id: joined.albumId }, releases: [{ id: joined.releaseId }] };
  } else if (newLicensee && keys.licensees[newLicensee]) {
    track = { ...track, album: { ...track.album, licensee: { id: keys.licensees[newLicensee] } } };
  }
  if (medleyKey) {
    const wholeTrackId = keys.tracks?.[medleyKey];
    if (wholeTrackId !== undefined) track = { ...track, medleyTrackId: wholeTrackId };
    // The dry run's chunk began after the whole (rolled back with its own chunk): the part is checked as a plain track
    // of the album; what only the whole's filing decides (that it was filed) is checked when filing.
    else if (!ctx.dryRun)
      throw validationFailed([{ path: "medleyKey", message: `its medley (trackKey "${medleyKey}") was not filed` }]);
  }
  const filed = await tx.transaction((savepoint) =>
    fileNewRequest(
      savepoint,
      client,
      { track, eligibility: body.eligibility },
      ctx.rates,
      ctx.dryRunRequestId?.(),
      ctx.answeredAt,
    ),
  );
  if (trackKey && track.medley) (keys.tracks ??= {})[trackKey] = filed.trackId;
  if (albumKey && !joined) keys.albums[albumKey] = { albumId: filed.albumId, releaseId: filed.releaseId };
  if (newLicensee && !joined) keys.licensees[newLicensee] ??= filed.licenseeId;
  return filed.requestId;
}
