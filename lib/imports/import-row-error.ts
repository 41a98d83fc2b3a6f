import type { ImportRowError } from "@/db/schema";
import type { DomainError } from "@/lib/errors";
import { columnOfPath } from "./csv-columns";
import type { ImportSource } from "./import-statuses";

/** A row's refusal as stored and shown: the error's code and detail, each field error on its CSV cell when the row came from one. */
export const importRowError = (err: DomainError, source: ImportSource): ImportRowError => ({
  code: err.code,
  detail: err.detail,
  errors: (err.errors ?? []).map(({ path, message }) => ({
    path,
    column: source === "csv" ? columnOfPath(path) : null,
    message,
  })),
});
