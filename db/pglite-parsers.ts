import { types, type PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";

// The types drizzle reads as text and converts itself (drizzle-orm/pglite/session.js): dates, timestamps, intervals
// and numeric[], timestamp[], timestamptz[], interval[], date[].
const DRIZZLE_TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
]);

type Query = Transaction["query"];

/** Parsers that only say what the client's defaults now say anyway; any other parser goes on to PGlite as given. */
const onlyDrizzles = (parsers: QueryOptions["parsers"]) =>
  Object.keys(parsers!).every((oid) => DRIZZLE_TEXT_TYPES.has(Number(oid)));

const withoutParsers = (query: Query): Query =>
  ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(
      text,
      params,
      options?.parsers && onlyDrizzles(options.parsers) ? { ...options, parsers: undefined } : options,
    )) as Query;

/**
 * drizzle passes the same parsers with every PGlite query, and PGlite merges them into its defaults for each query: a
 * copy of a map with an entry per array type, a visible share of an API create's CPU on PGlite (a CPU profile of
 * `npm run bench:http -- --cpu-prof <dir>` shows it). Installed once as the client's
 * defaults, the queries go on without them and parse the same. The client's own queries read those types as text too.
 */
export function installDrizzleParsers(client: PGlite): void {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = (value: string) => value;
  client.query = withoutParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = withoutParsers(tx.query);
      return callback(tx);
    });
}
