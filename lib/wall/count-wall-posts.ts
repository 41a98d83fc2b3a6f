import { and, eq, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { wallPostCounts } from "@/db/schema";
import type { Visibility } from "./visibilities";

/**
 * How many posts of `visibilities` an album's wall has (only top-level ones: the portal's threads), read from the
 * counts the database keeps (wall_post_counts, kept by the triggers of migration 0020) rather than counted row by row.
 */
export async function countWallPosts(db: Conn, albumId: number, visibilities: Visibility[], level: "all" | "topLevel"): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${wallPostCounts.n}), 0)::int` })
    .from(wallPostCounts)
    .where(
      and(
        eq(wallPostCounts.albumId, albumId),
        inArray(wallPostCounts.visibility, visibilities),
        level === "topLevel" ? eq(wallPostCounts.topLevel, true) : undefined,
      ),
    );
  return row?.n ?? 0;
}
