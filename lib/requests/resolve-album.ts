import type { Tx } from "@/db/client";
import { insertStatement } from "@/db/statement";
import { albums, licensees } from "@/db/schema";
import { findAlbum } from "@/lib/albums/find-album";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { foundAt, validationFailed } from "@/lib/errors";
import { LICENSEE_FIELDS, type LicenseeField } from "@/lib/licensees/fields";
import { findLicensee } from "@/lib/licensees/find-licensee";
import type { CreateRequestInput } from "./schemas";

type AlbumRef = CreateRequestInput["track"]["album"];
type NewLicensee = Exclude<NonNullable<AlbumRef["licensee"]>, { id: string }>;

// A filing with a new album writes both: built once (db/statement.ts).
const insertLicensee = insertStatement(licensees, [
  "accountId",
  ...LICENSEE_FIELDS,
  "agentAuthorizedAt",
  "agentAuthorizedBy",
]);
const insertAlbum = insertStatement(albums, ["accountId", "licenseeId", "title", "artist"]);

/** The filing client: the account the records go in, and who filed (a user's or an API key's name). */
type Filer = Pick<Extract<Actor, { kind: "client" }>, "accountId" | "name">;

/**
 * A new licensee, with the client's authorization of CoverDesk as its agent for notices recorded as given now, by the
 * filer: filing a request for a licensee is that authorization (docs/licensing-law.md), and its notices are signed on it.
 */
async function newLicensee(tx: Tx, filer: Filer, l: NewLicensee): Promise<string> {
  const fields = Object.fromEntries(LICENSEE_FIELDS.map((f) => [f, l[f] ?? null])) as Record<
    LicenseeField,
    string | null
  >;
  const [row] = await insertLicensee.run(tx, {
    accountId: filer.accountId,
    ...fields,
    agentAuthorizedAt: now(),
    agentAuthorizedBy: filer.name,
  });
  if (!row) throw new Error("The licensee's insert returned no row");
  return row.id;
}

/**
 * The album a new request goes on: an existing album of the account (checked against the licensee id sent), or a
 * new album with its licensee. `path` is where the album sits in the input (`track.album`, `album`), for errors.
 */
export async function resolveAlbum(tx: Tx, filer: Filer, album: AlbumRef, path: string) {
  const { accountId } = filer;
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
    licenseeId = await newLicensee(tx, filer, licenseeRef);
  }
  const [created] = await insertAlbum.run(tx, { accountId, licenseeId, title: album.title!, artist: album.artist! });
  if (!created) throw new Error("The album's insert returned no row");
  return created;
}
