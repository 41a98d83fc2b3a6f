import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
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

/**
 * For a statement built once per kind of reader (reusedStatement): the scope with its ids as placeholders, the key
 * that names its kind, and the values to run it with.
 */
export function scopePlaceholders(scope: Scope) {
  return {
    key: `${scope.accountId === undefined ? "all" : "account"} ${scope.licenseeId === undefined ? "all" : "licensee"}`,
    placeholders: {
      accountId: scope.accountId === undefined ? undefined : sql.placeholder("accountId"),
      licenseeId: scope.licenseeId === undefined ? undefined : sql.placeholder("licenseeId"),
    } as unknown as Scope,
    values: { accountId: scope.accountId, licenseeId: scope.licenseeId },
  };
}
