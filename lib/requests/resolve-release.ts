import type { Tx } from "@/db/client";
import type { Scope } from "@/lib/auth/actor";
import { foundAt, validationFailed } from "@/lib/errors";
import { refuseBlanketLicensed } from "@/lib/releases/blanket-licensed-services";
import { findRelease } from "@/lib/releases/find-release";
import { insertRelease } from "@/lib/releases/insert-release";
import { newReleaseValues } from "@/lib/releases/new-release-values";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import type { NewReleaseInput } from "./schemas";

/**
 * The release a new request goes on: `{ id }` of an existing release of the album, or a new release checked against
 * the format and release-date rules, and a stream release for blanket-licensed services refused. `path` is where the release sits in the input (`track.releases.0`, `release`).
 */
export async function resolveRelease(
  tx: Tx,
  scope: Scope & { accountId: number },
  table: RateTable,
  albumId: number,
  ref: { id: number } | NewReleaseInput,
  path: string,
) {
  if ("id" in ref) {
    const release = await foundAt(`${path}.id`, findRelease(tx, scope, ref.id));
    if (release.albumId !== albumId) {
      throw validationFailed([
        { path: `${path}.id`, message: `release ${release.id} is not a release of album ${albumId}` },
      ]);
    }
    return release;
  }
  const values = newReleaseValues(table, ref, `${path}.`);
  await refuseBlanketLicensed(tx, values, `${path}.expectedOutletsOfDistribution`);
  return insertRelease(tx, { accountId: scope.accountId, albumId }, values);
}
