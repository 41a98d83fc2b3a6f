/** An import's life: checked and shown (portal uploads wait for a confirmation), queued for filing, filing, done. */
export const IMPORT_STATUSES = ["previewed", "queued", "running", "done"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** A row: waiting to be filed, filed (it has a request), refused when filed, or refused by the preview (never filed). */
export const IMPORT_ROW_STATUSES = ["pending", "filed", "failed", "invalid"] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export const IMPORT_SOURCES = ["api", "csv"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  previewed: "Checked, waiting for your confirmation",
  queued: "Queued for filing",
  running: "Filing",
  done: "Done",
};
export const IMPORT_ROW_STATUS_LABELS: Record<ImportRowStatus, string> = {
  pending: "To be filed",
  filed: "Filed",
  failed: "Refused when filed",
  invalid: "Has errors: will not be filed",
};
