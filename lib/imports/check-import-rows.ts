import type { Conn } from "@/db/client";
import type { ImportKeys, ImportRowError } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { DomainError, validationFailed } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { fileImportRow } from "./file-import-row";
import { importRowError } from "./import-row-error";
import { importRowSchema, type ImportRowInput } from "./import-row-schema";
import type { ImportSource } from "./import-statuses";

export type CheckedRow = { body: unknown; albumKey: string | null; error: ImportRowError | null };

class DryRunDone extends Error {}

/** What one albumKey's rows must agree on: the album (with its licensee) and the release they share. */
const sharedPart = (body: unknown) => {
  const track = (body as { track?: { album?: unknown; releases?: unknown } }).track;
  return JSON.stringify([track?.album, track?.releases]);
};

/**
 * The preview's truth about each row: the schema of POST /api/requests, rows of one albumKey agreeing on their album
 * and release, then a dry run of the filing itself (createRequest's checks: ids that exist, formats, release dates),
 * in one transaction rolled back at the end, so nothing is filed.
 */
export async function checkImportRows(db: Conn, client: Extract<Actor, { kind: "client" }>, source: ImportSource, bodies: unknown[]): Promise<CheckedRow[]> {
  const firstOfKey = new Map<string, number>();
  const parsed: (ImportRowInput | null)[] = [];
  const checked = bodies.map((body, i): CheckedRow => {
    const refuse = (err: DomainError) => {
      parsed.push(null);
      return { body, albumKey: null, error: importRowError(err, source) };
    };
    let input: ImportRowInput;
    try {
      input = parseInput(importRowSchema, body);
    } catch (err) {
      if (err instanceof DomainError) return refuse(err);
      throw err;
    }
    const albumKey = input.albumKey;
    if (albumKey) {
      const first = firstOfKey.get(albumKey);
      if (first === undefined) firstOfKey.set(albumKey, i);
      else if (sharedPart(bodies[first]) !== sharedPart(body)) {
        return refuse(
          validationFailed([{ path: "albumKey", message: `rows with albumKey "${albumKey}" share one album and release: give them the same album, licensee and release as row ${first + 1}` }]),
        );
      }
    }
    parsed.push(input);
    return { body, albumKey, error: null };
  });
  await dryRun(db, client, parsed, (i, err) => (checked[i] = { ...checked[i]!, error: importRowError(err, source) }));
  return checked;
}

async function dryRun(db: Conn, client: Extract<Actor, { kind: "client" }>, rows: (ImportRowInput | null)[], refused: (i: number, err: DomainError) => void) {
  try {
    await db.transaction(async (tx) => {
      const keys: ImportKeys = { albums: {}, licensees: {} };
      for (const [i, row] of rows.entries()) {
        if (!row) continue;
        try {
          await fileImportRow(tx, client, keys, row);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          refused(i, err);
        }
      }
      throw new DryRunDone();
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
}
