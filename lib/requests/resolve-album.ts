import type { Tx } from "@/db/client";
import { insertRow } from "@/db/insert-row";
import { albums, licensees } from "@/db/schema";
import { findAlbum } from "@/lib/albums/find-album";
import { foundAt, validationFailed } from "@/lib/errors";
import { findLicensee } from "@/lib/licensees/find-licensee";
import type { CreateRequestInput } from "./schemas";

type AlbumRef = CreateRequestInput["track"]["album"];

/**
 * The album a new request goes on: an existing album of the account (checked against the licensee id sent), or a
 * new album with its licensee. `path` is where the album sits in the input (`track.album`, `album`), for errors.
 */
export async function resolveAlbum(tx: Tx, accountId: number, album: AlbumRef, path: string) {
  const scope = { accountId };
  if (album.id !== undefined) {
    const existing = await foundAt(`${path}.id`, findAlbum(tx, scope, album.id));
    if (album.licensee) {
      if (!("id" in album.licensee)) {
        throw validationFailed([{ path: `${path}.licensee`, message: "with an existing album send only the licensee's id" }]);
      }
      if (album.licensee.id !== existing.licenseeId) {
        throw validationFailed([{ path: `${path}.licensee.id`, message: `album ${existing.id} belongs to another licensee` }]);
      }
    }
    return existing;
  }
  const licenseeRef = album.licensee!;
  let licenseeId: string;
  if ("id" in licenseeRef) {
    licenseeId = (await foundAt(`${path}.licensee.id`, findLicensee(tx, scope, licenseeRef.id))).id;
  } else {
    // Full info always makes a new licensee (docs/product-rules.md, "Licensee records").
    licenseeId = (await insertRow(tx, licensees, { ...licenseeRef, accountId }, { returning: true })).id;
  }
  return insertRow(tx, albums, { accountId, licenseeId, title: album.title!, artist: album.artist! }, { returning: true });
}
