import { count, sql, type WithSubquery } from "drizzle-orm";
import type { Conn } from "./client";

/**
 * A page and the total of its matches in one statement: the matches are collected first (a `with matched` the page
 * reads), so they are found once, and each row of the page carries their count as this field.
 */
export const totalOf = (db: Conn, matched: WithSubquery) =>
  sql<number>`(${db.select({ n: count() }).from(matched)})`.mapWith(Number);

/**
 * The total a page's rows carry (totalOf). A page past the end has no row to carry it, so it is then counted on its
 * own (`countAlone`); an empty first page has no match.
 */
export async function pageWithTotal<R extends { total: number | null }>(
  rows: R[],
  page: number,
  countAlone: () => Promise<number>,
) {
  if (rows.length > 0) return { rows, total: rows[0]!.total ?? 0 };
  return { rows, total: page === 1 ? 0 : await countAlone() };
}
