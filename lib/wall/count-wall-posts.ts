import { and, eq, sql, type Placeholder } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { wallPostCounts } from "@/db/schema";
import type { Visibility } from "./visibilities";
import { visibilityIn } from "./visibility-in";

const postCount = (db: Conn, p: (name: "albumId" | "visibilities") => Placeholder, topLevelOnly: boolean) =>
  db
    .select({ n: sql<number>`coalesce(sum(${wallPostCounts.n}), 0)::int` })
    .from(wallPostCounts)
    .where(
      and(
        eq(wallPostCounts.albumId, p("albumId")),
        visibilityIn(wallPostCounts.visibility, p("visibilities")),
        topLevelOnly ? eq(wallPostCounts.topLevel, true) : undefined,
      ),
    );

// Built once per level, the album and the visibilities as placeholders.
const allPostsCount = statement(["albumId", "visibilities"], (db, p) => postCount(db, p, false));
const topLevelPostsCount = statement(["albumId", "visibilities"], (db, p) => postCount(db, p, true));

/**
 * How many posts of `visibilities` an album's wall has (only top-level ones: the portal's threads), read from the
 * counts the database keeps (wall_post_counts, kept by the triggers of migration 0020) rather than counted row by row.
 */
export async function countWallPosts(
  db: Conn,
  albumId: number,
  visibilities: Visibility[],
  level: "all" | "topLevel",
): Promise<number> {
  const [row] = await (level === "all" ? allPostsCount : topLevelPostsCount).run(db, { albumId, visibilities });
  return row?.n ?? 0;
}
