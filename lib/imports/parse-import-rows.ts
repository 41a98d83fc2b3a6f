import type { ImportRowError } from "@/db/schema";
import { DomainError, validationFailed } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { importRowError } from "./import-row-error";
import { importRowSchema } from "./import-row-schema";
import type { ImportSource } from "./import-statuses";

export type ParsedRow = { body: unknown; albumKey: string | null; error: ImportRowError | null };

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
 * The fast half of an import's check, done while the uploader waits: each row parsed by the schema of
 * POST /api/requests, and rows of one albumKey agreeing on their album and release. The slow half, a dry run of the
 * filing itself, is the check job's (checkImports).
 */
export function parseImportRows(source: ImportSource, bodies: unknown[]): ParsedRow[] {
  const firstOfKey = new Map<string, number>();
  return bodies.map((body, i): ParsedRow => {
    const refuse = (err: DomainError) => ({ body, albumKey: rawAlbumKey(body), error: importRowError(err, source) });
    let input;
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
    return { body, albumKey, error: null };
  });
}
