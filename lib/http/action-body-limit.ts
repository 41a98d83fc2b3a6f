/**
 * The most a POST to a page (a server action) may carry: a CSV import reaches its action as text
 * (lib/imports/csv-limits.ts), with room for the form around it. next.config.ts gives Next this figure and
 * lib/http/guard-page-post.ts answers a larger body 413 before Next sees it. No imports: next.config.ts loads this
 * file without the `@/` paths.
 */
export const ACTION_BODY_LIMIT_BYTES = 6 * 1024 * 1024;
