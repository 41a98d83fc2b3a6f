import { and, eq, type Placeholder, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Conn } from "@/db/client";
import type { Statement } from "@/db/statement";
import type { Scope } from "@/lib/auth/actor";

/** The account (and licensee) conditions of a scope; undefined for employees, who see everything. */
export function scoped(
  scope: Scope,
  columns: { accountId: PgColumn; licenseeId?: PgColumn },
  ...more: (SQL | undefined)[]
): SQL | undefined {
  return and(
    scope.accountId !== undefined ? eq(columns.accountId, scope.accountId) : undefined,
    scope.licenseeId !== undefined && columns.licenseeId ? eq(columns.licenseeId, scope.licenseeId) : undefined,
    ...more,
  );
}

/** An employee's scope, for building the employee variant of a statement (db/statement.ts). */
export const EMPLOYEE_SCOPE: Scope = {};

/** A client's scope with its account as a placeholder, for building the client variant of a statement. */
export const clientScopeOf = (p: (name: "accountId") => Placeholder): Scope =>
  ({ accountId: p("accountId") }) as unknown as Scope;

/** A licensee's scope with its account and licensee as placeholders, for building the licensee variant. */
export const licenseeScopeOf = (p: (name: "accountId" | "licenseeId") => Placeholder): Scope =>
  ({ accountId: p("accountId"), licenseeId: p("licenseeId") }) as unknown as Scope;

/** A statement's three variants, one per kind of reader, each its own named constant. */
export type ScopeVariants<K extends string, R> = {
  employee: Statement<K, R>;
  client: Statement<K | "accountId", R>;
  licensee: Statement<K | "accountId" | "licenseeId", R>;
};

/** Runs the variant built for `scope`'s kind of reader, with the scope's ids as its values. */
export function runScoped<K extends string, R>(
  conn: Conn,
  scope: Scope,
  variants: ScopeVariants<K, R>,
  values: { [name in K]: unknown },
): Promise<R> {
  type Run = (conn: Conn, values: Record<string, unknown>) => Promise<R>;
  if (scope.accountId === undefined) return (variants.employee.run as Run)(conn, values);
  if (scope.licenseeId === undefined)
    return (variants.client.run as Run)(conn, { ...values, accountId: scope.accountId });
  return (variants.licensee.run as Run)(conn, { ...values, accountId: scope.accountId, licenseeId: scope.licenseeId });
}
