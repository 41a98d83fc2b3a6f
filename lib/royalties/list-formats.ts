import { asc } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { formats } from "@/db/schema";
import { formatPerUnit } from "./compute-royalty";

/** GET /api/formats: every release format, how its royalty is computed, and whether it is a physical phonorecord. */
export async function listFormats(db: Conn) {
  const rows = await db.select().from(formats).orderBy(asc(formats.id));
  return rows.map((f) => ({
    id: f.id,
    title: f.title,
    royalty:
      f.royaltyKind === "fixed" ? { kind: "fixed", perUnit: formatPerUnit(f.fixedRate ?? 0) } : { kind: "statutory" },
    requiresExpectedOutletsOfDistribution: f.requiresOutlets,
    physical: f.physical,
  }));
}
