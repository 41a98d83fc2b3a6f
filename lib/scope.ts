import { and, eq, type SQL } from "drizzle-orm";
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
