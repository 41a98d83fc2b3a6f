import { z } from "zod";
import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireClient } from "@/lib/auth/require-client";
import { createImport } from "./create-import";
import type { ImportView } from "./get-import";
import { parseImportCsv } from "./parse-import-csv";
import { requiredText, requiredOr } from "@/lib/validation";

/** The portal's upload form: the file's name and its text (read in the browser). */
export const uploadCsvInput = z.strictObject({
  filename: requiredText("filename"),
  text: z.string({ error: requiredOr("must be the file's text") }),
});

/** The portal's upload: a CSV file becomes an import awaiting confirmation, each row checked and its errors put on its cells. */
export async function uploadImportCsv(
  db: Conn,
  actor: Actor,
  file: z.output<typeof uploadCsvInput>,
): Promise<ImportView> {
  requireClient(actor, "import requests");
  return createImport(db, actor, { source: "csv", filename: file.filename, rows: parseImportCsv(file.text) });
}
