import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Conn } from "./client";
import { reusedStatement, reusedStatements } from "./reused-statement";

type Executable = { execute(values: Record<string, unknown>): Promise<unknown> };
type Options = { returning?: boolean; onConflictDoNothing?: boolean };

const MAX_STATEMENTS = 500;

/**
 * Inserts one row, like `conn.insert(table).values(values)` (an undefined value takes the column's default, null is
 * NULL), through a statement built once per shape (reusedStatement): the table, which columns are given, which are
 * null. Building an insert's SQL is a large part of a filing's CPU, so each shape is built once (`npm run bench:http`
 * shows the CPU per request). Once a driver holds MAX_STATEMENTS
 * statements (a client sending every mix of optional fields makes a new shape each time), new shapes are built per
 * call again, so neither this process nor a database connection holds statements without bound.
 */
export async function insertRow<T extends PgTable>(conn: Conn, table: T, values: T["$inferInsert"], options: Options & { returning: true }): Promise<T["$inferSelect"]>;
export async function insertRow<T extends PgTable>(conn: Conn, table: T, values: T["$inferInsert"], options?: Options & { returning?: false }): Promise<void>;
export async function insertRow<T extends PgTable>(conn: Conn, table: T, values: T["$inferInsert"], options: Options = {}) {
  const row = values as Record<string, unknown>;
  let shape = `insert ${getTableName(table)} ${options.returning ? "r" : ""}${options.onConflictDoNothing ? "c" : ""}`;
  for (const name in row) if (row[name] !== undefined) shape += row[name] === null ? ` ${name}=null` : ` ${name}`;
  const held = reusedStatements(conn, shape);
  if (!held.has && held.count >= MAX_STATEMENTS) {
    const insert = conn.insert(table).values(values);
    const query = options.onConflictDoNothing ? insert.onConflictDoNothing() : insert;
    return options.returning ? onlyRow(table, await query.returning()) : void (await query);
  }
  const statement = reusedStatement(conn, shape, (name): Executable => {
    const given = Object.entries(row).filter(([, value]) => value !== undefined);
    const placeholders = Object.fromEntries(given.map(([column, value]) => [column, value === null ? null : sql.placeholder(column)]));
    const insert = conn.insert(table).values(placeholders as T["$inferInsert"]);
    const query = options.onConflictDoNothing ? insert.onConflictDoNothing() : insert;
    return (options.returning ? query.returning() : query).prepare(name);
  });
  const result = await statement.execute(row);
  if (options.returning) return onlyRow(table, result as unknown[]);
}

function onlyRow(table: PgTable, rows: unknown[]) {
  if (rows.length !== 1) throw new Error(`insert into ${getTableName(table)} returned ${rows.length} rows`);
  return rows[0];
}
