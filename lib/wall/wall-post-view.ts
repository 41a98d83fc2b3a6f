import { wallPosts } from "@/db/schema";
import type { Visibility } from "./visibilities";

/** The columns every wall read selects: the public shape plus what permission checks need. */
export const wallPostColumns = {
  id: wallPosts.id,
  albumId: wallPosts.albumId,
  message: wallPosts.message,
  visibility: wallPosts.visibility,
  dateAdded: wallPosts.dateAdded,
  parentId: wallPosts.parentId,
  authorKind: wallPosts.authorKind,
  authorName: wallPosts.authorName,
  authorAccountId: wallPosts.authorAccountId,
  authorLicenseeId: wallPosts.authorLicenseeId,
};

export type WallPostRow = {
  id: number;
  albumId: number;
  message: string;
  visibility: Visibility;
  dateAdded: Date;
  parentId: number | null;
  authorKind: "employee" | "client" | "licensee" | "system";
  authorName: string;
  authorAccountId: number | null;
  authorLicenseeId: string | null;
};

/** A wall post as the API shows it (docs/product-rules.md, "Wall posts"). */
export function toWallPostView(row: WallPostRow) {
  return {
    id: row.id,
    message: row.message,
    isPrivate: row.visibility !== "public",
    visibility: row.visibility,
    dateAdded: row.dateAdded.toISOString(),
    parentId: row.parentId,
    author: { kind: row.authorKind, name: row.authorName },
  };
}
export type WallPostView = ReturnType<typeof toWallPostView>;
