import type { Conn } from "./client";

// drizzle's prepared queries hold the driver connection they run on and the session's logger in these fields.
type OnConnection = { client: unknown; logger: unknown };

/** Per driver (its session's class: PGlite and pg build alike but run differently), per key. */
const built = new WeakMap<object, Map<string, object>>();
// Numbered on globalThis: Next.js compiles a copy of this module into each route's code, and all copies share the one
// pool (db/index.ts), so per-copy numbers gave two statements one name on a connection, which PostgreSQL refuses.
const names = globalThis as unknown as { __coverdeskStatements?: number };
const nextName = () => `reused_${(names.__coverdeskStatements = (names.__coverdeskStatements ?? 0) + 1)}`;

/**
 * A statement drizzle builds once per driver and key, run on `conn`'s connection. Building a statement's SQL often
 * costs drizzle more CPU than running it (type checks of every chunk and parameter; docs/decisions/api-hot-path.md).
 * drizzle's own prepare() builds once but binds the statement to one session (the pool, or one
 * transaction's connection), so each call gets the built statement with the `client` and `logger` of the session
 * `conn` runs on, whichever handle or transaction built it first. On PostgreSQL the statement is named (`build` gets
 * the name), so each connection parses and plans it once. Values vary through `sql.placeholder`s.
 */
export function reusedStatement<P extends object>(conn: Conn, key: string, build: (name: string) => P): P {
  const session = conn._.session as unknown as OnConnection;
  const statements = driverStatements(session);
  let statement = statements.get(key) as P | undefined;
  if (!statement) statements.set(key, (statement = build(nextName())));
  const onConn = Object.create(statement) as P & OnConnection;
  onConn.client = session.client;
  onConn.logger = session.logger;
  return onConn;
}

/** Whether `key` is built for `conn`'s driver, and how many statements that driver holds. */
export function reusedStatements(conn: Conn, key: string): { has: boolean; count: number } {
  const statements = driverStatements(conn._.session);
  return { has: statements.has(key), count: statements.size };
}

function driverStatements(session: object): Map<string, object> {
  let statements = built.get(session.constructor);
  if (!statements) built.set(session.constructor, (statements = new Map()));
  return statements;
}
