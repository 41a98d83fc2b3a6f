import { getTableColumns, sql, type Placeholder } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Conn } from "./client";

/**
 * Statements built once, for the queries where drizzle's building of the SQL (type checks of every chunk and
 * parameter) costs more than running it: the hot path of the API and of filing (docs/decisions/, "Statements built
 * once"). Everywhere else, use drizzle's query builder on the caller's connection or transaction.
 *
 * A statement is a module-level constant (`npm run lint` refuses a `statement(...)` call inside a function):
 *
 *   const findTrackForClient = statement(["id", "accountId"], (db, p) =>
 *     db.select().from(tracks).where(and(eq(tracks.id, p("id")), eq(tracks.accountId, p("accountId")))));
 *   const [row] = await findTrackForClient.run(tx, { id, accountId });
 *
 * Its build function is defined where no request exists, so the only values it can put in the SQL are its
 * placeholders (`p` accepts only the names the statement declares); every request's values arrive in `run`. The
 * built statement is kept on the constant itself (object identity, never a string key, so two call sites cannot
 * share one by accident), once per driver, and each `run` executes it on the connection or transaction passed.
 * A query that differs by a rule (a scope, an order, a level) is one constant per variant, each named for it.
 */
export type Statement<K extends string, R> = {
  /** Runs the statement on `conn` (the pool or an open transaction) with a value for each placeholder. */
  run(conn: Conn, ...values: [K] extends [never] ? [] : [{ [name in K]: unknown }]): Promise<R>;
};

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): Prepared<R> };

export function statement<const K extends string = never, R = unknown>(
  params: readonly K[],
  build: (db: Conn, p: (name: K) => Placeholder<K>) => Preparable<R>,
): Statement<K, R> {
  const declared = new Set<string>(params);
  const p = (name: K) => {
    if (!declared.has(name))
      throw new Error(`statement(): placeholder "${name}" is not declared in [${params.join(", ")}]`);
    return sql.placeholder(name);
  };
  // Per driver (the class of the session: PGlite and node-postgres build alike but run differently).
  const built = new Map<object, Prepared<R>>();
  return {
    async run(conn, ...values) {
      const session = sessionOf(conn);
      let prepared = built.get(session.constructor);
      if (!prepared) built.set(session.constructor, (prepared = ownFields(build(conn, p).prepare(nextName()))));
      return onConnection(prepared, session).execute(values[0]);
    },
  };
}

/**
 * The filing path's inserts (a request writes a licensee, an album, a track, a release, the request, its first status
 * event and an audit event in one transaction), as statements: an insert of one row into `table` giving exactly
 * `columns`, each a placeholder; the columns left out take their defaults. Every column named must be given a value
 * (null for NULL: for a JSON column too, where null is SQL NULL, not the JSON value null). Elsewhere, insert with
 * drizzle's `conn.insert(table).values(...)`.
 */
export function insertStatement<T extends PgTable, const K extends keyof T["$inferInsert"] & string>(
  table: T,
  columns: readonly K[],
  options: { onConflictDoNothing?: boolean } = {},
) {
  const all = getTableColumns(table) as Record<string, { columnType: string }>;
  const jsonType = (c: string) => ({ PgJson: "json", PgJsonb: "jsonb" })[all[c]!.columnType];
  const json = new Set<string>(columns.filter((c) => jsonType(c) !== undefined));
  // insertStatement is itself called at module level (the same lint rule), so this statement is a constant too.
  // eslint-disable-next-line no-restricted-syntax
  const inserted = statement(columns, (db, p) => {
    // A JSON value goes as text, so null stays SQL NULL (drizzle's JSON encoder would write the JSON value null).
    const values = Object.fromEntries(
      columns.map((c) => [c, json.has(c) ? sql`${p(c)}::text::${sql.raw(jsonType(c)!)}` : p(c)]),
    );
    const insert = db.insert(table).values(values as T["$inferInsert"]);
    return (options.onConflictDoNothing ? insert.onConflictDoNothing() : insert).returning();
  });
  return {
    /** Inserts the row; answers it as stored (none when onConflictDoNothing skipped it). */
    async run(conn: Conn, values: { [name in K]: T["$inferInsert"][name] | null }): Promise<T["$inferSelect"][]> {
      const given: Record<string, unknown> = { ...values };
      for (const c of json) given[c] = given[c] === null || given[c] === undefined ? null : JSON.stringify(given[c]);
      for (const c of columns) if (given[c] === undefined) given[c] = null;
      return (await (inserted.run as (conn: Conn, values: Record<string, unknown>) => Promise<unknown>)(
        conn,
        given,
      )) as T["$inferSelect"][];
    },
  };
}

// ---- drizzle's private fields: read and written here alone (tests/integration/statement.test.ts pins them) ----
//
// drizzle's prepare() binds a statement to the session that built it (the pool, or one transaction's connection). A
// statement built once must run on each caller's session instead, so `run` hands drizzle a copy of it with that
// session's `client` (the driver connection it queries through) and `logger`. Were a drizzle upgrade to rename them,
// the copy would quietly run on the session that built it, outside the caller's transaction: sessionOf and
// onConnection throw instead.

type SessionFields = { client: unknown; logger: unknown };

/** The session `conn` runs on, with the fields a prepared statement copies from it. */
export function sessionOf(conn: Conn): SessionFields {
  const session = (conn as unknown as { _?: { session?: unknown } })._?.session;
  if (!hasFields(session)) throw drizzleMoved("a database handle's `_.session` with `client` and `logger`");
  return session;
}

function onConnection<R>(prepared: Prepared<R>, session: SessionFields): Prepared<R> {
  const copy = Object.create(prepared) as Prepared<R> & SessionFields;
  copy.client = session.client;
  copy.logger = session.logger;
  return copy;
}

function ownFields<R>(prepared: Prepared<R>): Prepared<R> {
  if (!hasFields(prepared) || !Object.hasOwn(prepared, "client") || !Object.hasOwn(prepared, "logger")) {
    throw drizzleMoved("a prepared query's own `client` and `logger`");
  }
  return prepared;
}

const hasFields = (value: unknown): value is SessionFields =>
  typeof value === "object" && value !== null && "client" in value && "logger" in value;

const drizzleMoved = (what: string) =>
  new Error(`db/statement.ts: the installed drizzle-orm no longer has ${what}; update sessionOf/onConnection for it`);

// Numbered on globalThis: Next.js compiles a copy of this module into each route's code, and all copies share the one
// pool (db/index.ts), so per-copy numbers gave two statements one name on a connection, which PostgreSQL refuses.
const names = globalThis as unknown as { __coverdeskStatements?: number };
const nextName = () => `stmt_${(names.__coverdeskStatements = (names.__coverdeskStatements ?? 0) + 1)}`;
