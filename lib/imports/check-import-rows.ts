import type { Conn } from "@/db/client";
import type { ImportKeys, ImportRowError } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { DomainError, validationFailed } from "@/lib/errors";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { parseInput } from "@/lib/validation";
import { fileImportRow } from "./file-import-row";
import { importRowError } from "./import-row-error";
import { importRowSchema, type ImportRowInput } from "./import-row-schema";
import type { ImportSource } from "./import-statuses";

export type CheckedRow = { body: unknown; albumKey: string | null; error: ImportRowError | null };

class DryRunDone extends Error {}
/** Rows per rolled-back transaction: under PostgreSQL's 64 cached subtransactions (a savepoint per row), as the job's batches. */
const CHECK_CHUNK = 50;

/** An invalid row's albumKey as sent, to show it beside its errors. */
const rawAlbumKey = (body: unknown) => {
  const key = (body as { albumKey?: unknown } | null)?.albumKey;
  return typeof key === "string" && key.trim() ? key.trim().slice(0, 200) : null;
};

/** What one albumKey's rows must agree on: the album (with its licensee) and the release they share. */
const sharedPart = (body: unknown) => {
  const track = (body as { track?: { album?: unknown; releases?: unknown } }).track;
  return JSON.stringify([track?.album, track?.releases]);
};

/**
 * The preview's truth about each row: the schema of POST /api/requests, rows of one albumKey agreeing on their album
 * and release, then a dry run of the filing itself (createRequest's checks: ids that exist, formats, release dates),
 * in transactions that are rolled back, so nothing is filed.
 */
export async function checkImportRows(db: Conn, client: Extract<Actor, { kind: "client" }>, source: ImportSource, bodies: unknown[]): Promise<CheckedRow[]> {
  const firstOfKey = new Map<string, number>();
  const parsed: (ImportRowInput | null)[] = [];
  const checked = bodies.map((body, i): CheckedRow => {
    const refuse = (err: DomainError) => {
      parsed.push(null);
      return { body, albumKey: rawAlbumKey(body), error: importRowError(err, source) };
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

/**
 * Files the rows, a chunk per transaction, each rolled back. A row whose albumKey began in an earlier chunk is filed
 * on an album of its own there: its album and release are those of the key's first row, so it passes or fails
 * alike, and no transaction holds the database for the whole file.
 */
async function dryRun(db: Conn, client: Extract<Actor, { kind: "client" }>, rows: (ImportRowInput | null)[], refused: (i: number, err: DomainError) => void) {
  for (let start = 0; start < rows.length; start += CHECK_CHUNK) {
    try {
      await db.transaction(async (tx) => {
        const ctx = { client, keys: { albums: {}, licensees: {} } satisfies ImportKeys, rates: await loadRateTable(tx) };
        for (const [offset, row] of rows.slice(start, start + CHECK_CHUNK).entries()) {
          if (!row) continue;
          try {
            await fileImportRow(tx, ctx, row);
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            refused(start + offset, err);
          }
        }
        throw new DryRunDone();
      });
    } catch (err) {
      if (!(err instanceof DryRunDone)) throw err;
    }
  }
}
