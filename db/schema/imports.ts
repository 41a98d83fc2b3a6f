import { index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads this file without the tsconfig paths.
import { IMPORT_ROW_STATUSES, IMPORT_SOURCES, IMPORT_STATUSES } from "../../lib/imports/import-statuses";
import { accounts } from "./accounts-and-people";
import { created } from "./columns";
import { requests } from "./requests";

export const importSourceEnum = pgEnum("import_source", IMPORT_SOURCES);
export const importStatusEnum = pgEnum("import_status", IMPORT_STATUSES);
export const importRowStatusEnum = pgEnum("import_row_status", IMPORT_ROW_STATUSES);

/**
 * What filing an import made so far, shared by its later rows: the album and release of each albumKey, the licensee
 * of each set of details, the track of each trackKey (medley parts join it; imports made before trackKey lack it).
 */
export type ImportKeys = {
  albums: Record<string, { albumId: number; releaseId: number }>;
  licensees: Record<string, string>;
  tracks?: Record<string, number>;
};

/** A bulk import of initial requests (POST /api/imports, or a CSV uploaded in the portal), filed by a background job. */
export const imports = pgTable(
  "imports",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Who made it: a user or an API key of the account, and their name then. */
    createdByUserId: integer("created_by_user_id"),
    createdByApiKeyId: integer("created_by_api_key_id"),
    createdByName: text("created_by_name").notNull(),
    source: importSourceEnum("source").notNull(),
    filename: text("filename"),
    status: importStatusEnum("status").notNull(),
    keys: jsonb("keys").$type<ImportKeys>().notNull().default({ albums: {}, licensees: {} }),
    dateAdded: created(),
    queuedAt: timestamp("queued_at", { withTimezone: true, mode: "date" }),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("imports_account_idx").on(t.accountId, t.id), index("imports_status_idx").on(t.status)],
);

/** A row's refusal: the use case's code and detail, and its field errors (`column` names the CSV cell, when there is one). */
export type ImportRowError = {
  code: string;
  detail: string;
  errors: { path: string; column: string | null; message: string }[];
};

/** One row of an import: a POST /api/requests body, and what became of it. */
export const importRows = pgTable(
  "import_rows",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    body: jsonb("body").notNull(),
    albumKey: text("album_key"),
    status: importRowStatusEnum("status").notNull(),
    requestId: integer("request_id").references(() => requests.id),
    error: jsonb("error").$type<ImportRowError>(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index("import_rows_status_idx").on(t.importId, t.status, t.rowNumber),
  ],
);
