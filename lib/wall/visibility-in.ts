import { sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Visibility } from "./visibilities";

/**
 * `column` is one of `visibilities`, passed as one array parameter (a statement's placeholder, or a list), so a
 * statement built once takes each caller's visibilities at run time. Cast through text[]: both drivers send a text
 * array, which PostgreSQL then reads as the enum.
 */
export const visibilityIn = (column: SQLWrapper, visibilities: Placeholder | readonly Visibility[]): SQL =>
  sql`${column} = any(${Array.isArray(visibilities) ? sql.param(visibilities) : visibilities}::text[]::visibility[])`;
