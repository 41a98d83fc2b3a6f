import { z } from "zod";
import { createRequestSchema } from "@/lib/requests/schemas";
import { optionalText, requiredOr } from "@/lib/validation";

/** Rows in one POST /api/imports: the 1 MiB body limit comes first (send a large import in chunks of imports). */
export const MAX_API_IMPORT_ROWS = 5_000;

/**
 * One row of an import: a POST /api/requests body, parsed by the same schema, plus an optional `albumKey` (rows that
 * share one make one album with one release), `trackKey` and `medleyKey` (a medley whole and its parts in one import).
 */
export const importRowSchema = createRequestSchema.safeExtend({
  albumKey: optionalText("key").describe(
    "Rows of one import that share an albumKey are filed on one album with one release.",
  ),
  trackKey: optionalText("key").describe(
    "This row's own key, unique within the import: the parts of a medley name their whole by it.",
  ),
  medleyKey: optionalText("key").describe(
    "A medley part: the trackKey of its medley whole, an earlier row of this import with `medley: true` and the same albumKey.",
  ),
});
export type ImportRowInput = z.output<typeof importRowSchema>;

/** The body of POST /api/imports as parsed: each row is checked on its own, so a bad row is reported, not fatal. */
export const importRowsBody = z.strictObject(
  {
    rows: z
      // Each row is checked in full later (one error list per row); here only that it is an object to check.
      .array(z.looseObject({}, { error: "must be a POST /api/requests body (an object)" }), {
        error: requiredOr("must be an array of POST /api/requests bodies"),
      })
      .min(1, "must hold at least one row")
      .max(MAX_API_IMPORT_ROWS, `at most ${MAX_API_IMPORT_ROWS} rows per import (send chunks)`),
  },
  { error: requiredOr("the body must be a JSON object") },
);

/** The same body as the OpenAPI document shows it: each row is an import row. */
export const importRowsBodyDoc = z.strictObject({
  rows: z.array(importRowSchema).min(1).max(MAX_API_IMPORT_ROWS),
});
