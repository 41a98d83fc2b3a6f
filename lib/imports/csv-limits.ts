/** The portal's upload limits (docs/imports.md): the file's size and its rows. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const MAX_CSV_ROWS = 10_000;
