import { and, eq, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
import { wallPostCounts } from "@/db/schema";
import type { Visibility } from "./visibilities";

/**
 * How many posts of `visibilities` an album's wall has (only top-level ones: the portal's threads), read from the
 * counts the database keeps (wall_post_counts, kept by the triggers of migration 0020) rather than counted row by row.
 * Built once per level and set of visibilities, the album as a placeholder.
 */
export async function countWallPosts(db: Conn, albumId: number, visibilities: Visibility[], level: "all" | "topLevel"): Promise<number> {
  const count = reusedStatement(db, `wall count ${level} ${visibilities.join(",")}`, (name) =>
    db
      .select({ n: sql<number>`coalesce(sum(${wallPostCounts.n}), 0)::int` })
      .from(wallPostCounts)
      .where(
        and(
          eq(wallPostCounts.albumId, sql.placeholder("albumId")),
          inArray(wallPostCounts.visibility, visibilities),
          level === "topLevel" ? eq(wallPostCounts.topLevel, true) : undefined,
        ),
      )
      .prepare(name),
  );
  const [row] = await count.execute({ albumId });
  return row?.n ?? 0;
}
