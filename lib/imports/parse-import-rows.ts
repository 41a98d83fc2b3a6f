import type { ImportRowError } from "@/db/schema";
import { DomainError, validationFailed } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { importRowError } from "./import-row-error";
import { importRowSchema } from "./import-row-schema";
import { medleyKeys } from "./medley-keys";
import type { ImportSource } from "./import-statuses";

export type ParsedRow = { body: unknown; albumKey: string | null; error: ImportRowError | null };

/** An invalid row's albumKey or trackKey as sent: the albumKey is shown beside its errors, the trackKey refuses its parts. */
const rawKey = (body: unknown, name: "albumKey" | "trackKey") => {
  const key = (body as Record<string, unknown> | null)?.[name];
  return typeof key === "string" && key.trim() ? key.trim().slice(0, 200) : null;
};

/** What one albumKey's rows must agree on: the album (with its licensee) and the release they share. */
const sharedPart = (body: unknown) => {
  const track = (body as { track?: { album?: unknown; releases?: unknown } }).track;
  return JSON.stringify([track?.album, track?.releases]);
};

/**
 * The fast half of an import's check, done while the uploader waits: each row parsed by the schema of
 * POST /api/requests, rows of one albumKey agreeing on their album and release, and medley parts naming their whole
 * (medleyKeys). The slow half, a dry run of the filing itself, is the check job's (checkImports).
 */
export function parseImportRows(source: ImportSource, bodies: unknown[]): ParsedRow[] {
  const firstOfKey = new Map<string, number>();
  const medleys = medleyKeys();
  return bodies.map((body, i): ParsedRow => {
    const refuse = (err: DomainError, medley = false) => {
      medleys.add(rawKey(body, "trackKey"), { row: i + 1, medley, albumKey: null, valid: false });
      return { body, albumKey: rawKey(body, "albumKey"), error: importRowError(err, source) };
    };
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
          validationFailed([
            {
              path: "albumKey",
              message: `rows with albumKey "${albumKey}" share one album and release: give them the same album, licensee and release as row ${first + 1}`,
            },
          ]),
          input.track.medley,
        );
      }
    }
    const issues = medleys.issues(input);
    if (issues.length > 0) return refuse(validationFailed(issues), input.track.medley);
    medleys.add(input.trackKey, { row: i + 1, medley: input.track.medley, albumKey, valid: true });
    return { body, albumKey, error: null };
  });
}
