import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireClient } from "@/lib/requests/require-client";
import { createImport } from "./create-import";
import type { ImportView } from "./get-import";
import { parseImportCsv } from "./parse-import-csv";

/** The portal's upload: a CSV file becomes an import awaiting confirmation, each row checked and its errors put on its cells. */
export async function uploadImportCsv(db: Conn, actor: Actor, file: { filename: string; text: string }): Promise<ImportView> {
  requireClient(actor, "import requests");
  return createImport(db, actor, { source: "csv", filename: file.filename, rows: parseImportCsv(file.text) });
}
