import type { Tx } from "@/db/client";
import { insertStatement } from "@/db/statement";
import { albums, licensees } from "@/db/schema";
import { findAlbum } from "@/lib/albums/find-album";
import { foundAt, validationFailed } from "@/lib/errors";
import { LICENSEE_FIELDS, type LicenseeField } from "@/lib/licensees/fields";
import { findLicensee } from "@/lib/licensees/find-licensee";
import type { CreateRequestInput } from "./schemas";

type AlbumRef = CreateRequestInput["track"]["album"];
type NewLicensee = Exclude<NonNullable<AlbumRef["licensee"]>, { id: string }>;

// A filing with a new album writes both: built once (db/statement.ts).
const insertLicensee = insertStatement(licensees, ["accountId", ...LICENSEE_FIELDS]);
const insertAlbum = insertStatement(albums, ["accountId", "licenseeId", "title", "artist"]);

async function newLicensee(tx: Tx, accountId: number, l: NewLicensee): Promise<string> {
  const fields = Object.fromEntries(LICENSEE_FIELDS.map((f) => [f, l[f] ?? null])) as Record<
    LicenseeField,
    string | null
  >;
  const [row] = await insertLicensee.run(tx, { accountId, ...fields });
  if (!row) throw new Error("The licensee's insert returned no row");
  return row.id;
}

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
        throw validationFailed([
          { path: `${path}.licensee`, message: "with an existing album send only the licensee's id" },
        ]);
      }
      if (album.licensee.id !== existing.licenseeId) {
        throw validationFailed([
          { path: `${path}.licensee.id`, message: `album ${existing.id} belongs to another licensee` },
        ]);
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
    licenseeId = await newLicensee(tx, accountId, licenseeRef);
  }
  const [created] = await insertAlbum.run(tx, { accountId, licenseeId, title: album.title!, artist: album.artist! });
  if (!created) throw new Error("The album's insert returned no row");
  return created;
}
