import type { Logger } from "drizzle-orm";
import type { Db, DbHandle } from "@/db/client";

/** The indexes a read's statements use, and the tables they scan whole (small reference tables are expected). */
export type Explained = { indexes: string[]; seqScans: string[] };

type PlanNode = { "Node Type"?: string; "Index Name"?: string; "Relation Name"?: string; Plans?: PlanNode[] };
type QueryClient = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

function walk(node: PlanNode, into: Explained) {
  if (node["Index Name"]) into.indexes.push(node["Index Name"]);
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) into.seqScans.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) walk(child, into);
}

/**
 * Runs a read once on a second drizzle instance over the same connection that records every statement, then asks
 * the database for the plan of each (EXPLAIN, with the same parameters): what the read really runs, not a copy.
 */
export async function explainer(handle: DbHandle) {
  const statements: { query: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (query, params) => statements.push({ query, params }) };
  // The pg pool or the PGlite instance under the handle's drizzle (drizzle exposes it, its type does not say so).
  const client = (handle.db as unknown as { $client: never }).$client;
  const raw = client as QueryClient;
  const recording = (handle.driver === "pg"
    ? (await import("drizzle-orm/node-postgres")).drizzle({ client, logger })
    : (await import("drizzle-orm/pglite")).drizzle({ client, logger })) as unknown as Db;
  return async (read: (db: Db) => Promise<unknown>): Promise<Explained> => {
    statements.length = 0;
    await read(recording);
    const found: Explained = { indexes: [], seqScans: [] };
    for (const { query, params } of statements) {
      const { rows } = await raw.query(`explain (format json) ${query}`, params);
      const plan = rows[0]!["QUERY PLAN"];
      const [top] = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      walk(top!.Plan, found);
    }
    return { indexes: [...new Set(found.indexes)].sort(), seqScans: [...new Set(found.seqScans)].sort() };
  };
}
