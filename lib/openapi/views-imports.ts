import { z } from "zod";
import type { ImportView } from "@/lib/imports/get-import";
import type { ImportSummary } from "@/lib/imports/list-account-imports";
import { IMPORT_ROW_STATUSES, IMPORT_SOURCES, IMPORT_STATUSES } from "@/lib/imports/import-statuses";
import { exactly, timestamp } from "./views";

const rowError = z.object({
  code: z.string().meta({ description: "The error code POST /api/requests would answer with" }),
  detail: z.string(),
  errors: z.array(
    z.object({
      path: z.string().meta({ description: "The field at fault, by its path in the row's body" }),
      column: z.string().nullable().meta({ description: "The CSV column of that field (rows from a CSV upload)" }),
      message: z.string(),
    }),
  ),
});

/** An import's rows by what became of them, and in all. */
export const importCounts = z.object({
  rows: z.int(),
  unchecked: z.int(),
  pending: z.int(),
  filed: z.int(),
  failed: z.int(),
  invalid: z.int(),
});

const importFields = {
  id: z.int(),
  source: z.enum(IMPORT_SOURCES),
  filename: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES).meta({
    description:
      "checking (the check job dry-runs the rows), previewed (a CSV upload awaiting confirmation), queued, running, done",
  }),
  createdBy: z.string(),
  dateAdded: timestamp,
  queuedAt: timestamp.nullable(),
  doneAt: timestamp.nullable(),
  counts: importCounts,
};

export const importSummary = exactly<ImportSummary>()(
  z.object(importFields).meta({ id: "ImportSummary", description: "An import in the list, without its rows" }),
);

export const importView = exactly<ImportView>()(
  z
    .object({
      ...importFields,
      progress: z.object({ done: z.int(), of: z.int(), percent: z.int().min(0).max(100) }).meta({
        description:
          "While checking: rows checked of all rows. Then: rows filed or failed of the rows to file (100 once done)",
      }),
      rows: z.array(
        z.object({
          rowNumber: z.int().meta({ description: "From 1, in the order sent" }),
          albumKey: z.string().nullable(),
          status: z.enum(IMPORT_ROW_STATUSES).meta({
            description:
              "unchecked (passed the schema; the check's dry run is to come), pending, filed (see requestId), failed (refused when filed) or invalid (refused by the check; never filed)",
          }),
          requestId: z.int().nullable(),
          error: rowError.nullable(),
        }),
      ),
      nextFrom: z.int().nullable().meta({ description: "The `from` of the next page of rows; null after the last" }),
    })
    .meta({ id: "Import" }),
);
