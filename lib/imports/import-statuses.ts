/**
 * An import's life: its rows dry-run by the check job, checked and shown (portal uploads wait for a confirmation),
 * queued for filing, filing, done.
 */
export const IMPORT_STATUSES = ["checking", "previewed", "queued", "running", "done"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/**
 * A row: passed the schema and waiting for the check's dry run, waiting to be filed, filed (it has a request),
 * refused when filed, or refused by the check (never filed).
 */
export const IMPORT_ROW_STATUSES = ["unchecked", "pending", "filed", "failed", "invalid"] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export const IMPORT_SOURCES = ["api", "csv"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  checking: "Checking rows",
  previewed: "Checked, waiting for your confirmation",
  queued: "Queued for filing",
  running: "Filing",
  done: "Done",
};
export const IMPORT_ROW_STATUS_LABELS: Record<ImportRowStatus, string> = {
  unchecked: "Not checked yet",
  pending: "To be filed",
  filed: "Filed",
  failed: "Refused when filed",
  invalid: "Has errors: will not be filed",
};
