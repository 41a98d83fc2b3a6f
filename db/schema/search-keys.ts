import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * The request search's keys of a row: its account and each trigram pg_trgm finds in `text` that is made of ASCII
 * letters, digits and word padding (`"3:lov"`, `"3:  l"`), through `account_trigrams` (migration 0025). A GIN index on
 * them holds a posting list per account and trigram, a fifth of the all-accounts trigram index's when five accounts
 * share a database; a client's search reads only its own. Index and query must use the same expression
 * (lib/requests/request-text-search.ts, searchKeys).
 */
export const accountTrigrams = (account: AnyColumn, text: SQL | AnyColumn) =>
  sql`account_trigrams(${account}, ${text})`;

/** An album's title and artist as one text, for the search keys (a match in either contains all their trigrams). */
export const albumSearchText = (t: { title: AnyColumn; artist: AnyColumn }) => sql`(${t.title} || ' ' || ${t.artist})`;
