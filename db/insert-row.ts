import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Conn } from "./client";

type Executable = { execute(values: Record<string, unknown>): Promise<unknown> };
type Options = { returning?: boolean; onConflictDoNothing?: boolean };

/** Per driver (its session's class: PGlite and pg build alike but run differently), per statement shape. */
const built = new WeakMap<object, Map<string, Executable>>();
let names = 0;
const MAX_SHAPES = 500;

/**
 * Inserts one row, like `conn.insert(table).values(values)` (an undefined value takes the column's default, null is
 * NULL), through a statement whose SQL is built once per shape: the table, which columns are given, which are null.
 * Building an insert's SQL costs drizzle more CPU than running it (type checks of every chunk and parameter): building
 * them once took a filing's CPU from 2.4-3.6 ms to 1.0-1.2 (docs/decisions.md, "API hot path performance").
 * drizzle's own prepare() builds once but binds the statement to one session (the pool, or one transaction's
 * connection), so each call runs the built statement with its `client`, the driver connection both drivers' prepared
 * queries hold, swapped for the given connection's. On PostgreSQL the statement is also named, so each connection
 * parses and plans it once. Past MAX_SHAPES shapes per driver (a client sending every mix of optional fields) inserts
 * are built per call again, so neither this process nor a database connection holds statements without bound.
 */
export async function insertRow<T extends PgTable>(conn: Conn, table: T, values: T["$inferInsert"], options: Options & { returning: true }): Promise<T["$inferSelect"]>;
export async function insertRow<T extends PgTable>(conn: Conn, table: T, values: T["$inferInsert"], options?: Options & { returning?: false }): Promise<void>;
export async function insertRow<T extends PgTable>(conn: Conn, table: T, values: T["$inferInsert"], options: Options = {}) {
  const session = conn._.session as unknown as { client: unknown };
  const row = values as Record<string, unknown>;
  let shape = `${getTableName(table)} ${options.returning ? "r" : ""}${options.onConflictDoNothing ? "c" : ""}`;
  for (const name in row) if (row[name] !== undefined) shape += row[name] === null ? ` ${name}=null` : ` ${name}`;
  let driverStatements = built.get(session.constructor);
  if (!driverStatements) built.set(session.constructor, (driverStatements = new Map()));
  let statement = driverStatements.get(shape);
  if (!statement && driverStatements.size >= MAX_SHAPES) {
    const insert = conn.insert(table).values(values);
    const query = options.onConflictDoNothing ? insert.onConflictDoNothing() : insert;
    return options.returning ? onlyRow(table, await query.returning()) : void (await query);
  }
  if (!statement) {
    const given = Object.entries(row).filter(([, value]) => value !== undefined);
    const placeholders = Object.fromEntries(given.map(([name, value]) => [name, value === null ? null : sql.placeholder(name)]));
    const insert = conn.insert(table).values(placeholders as T["$inferInsert"]);
    const query = options.onConflictDoNothing ? insert.onConflictDoNothing() : insert;
    statement = (options.returning ? query.returning() : query).prepare(`insert_row_${names++}`) as unknown as Executable;
    driverStatements.set(shape, statement);
  }
  const onConn = Object.create(statement) as Executable & { client: unknown };
  onConn.client = session.client;
  const result = await onConn.execute(row);
  if (options.returning) return onlyRow(table, result as unknown[]);
}

function onlyRow(table: PgTable, rows: unknown[]) {
  if (rows.length !== 1) throw new Error(`insert into ${getTableName(table)} returned ${rows.length} rows`);
  return rows[0];
}
