import { desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts, albums, wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";

/** The staff dashboard's newest wall posts of every account, public and private, each with its album. */
export async function listNewestWallPosts(db: Conn, actor: Actor, limit = 8) {
  requireEmployee(actor, "read every account's walls");
  return db
    .select({
      id: wallPosts.id,
      albumId: wallPosts.albumId,
      albumTitle: albums.title,
      accountName: accounts.name,
      message: wallPosts.message,
      visibility: wallPosts.visibility,
      authorKind: wallPosts.authorKind,
      authorName: wallPosts.authorName,
      dateAdded: wallPosts.dateAdded,
    })
    .from(wallPosts)
    .innerJoin(albums, eq(albums.id, wallPosts.albumId))
    .innerJoin(accounts, eq(accounts.id, wallPosts.accountId))
    .orderBy(desc(wallPosts.dateAdded), desc(wallPosts.id))
    .limit(limit);
}
