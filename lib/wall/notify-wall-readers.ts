import type { Tx } from "@/db/client";
import { clientStaffOf, licenseeUsersOf, notifyPeople } from "@/lib/notifications/notify-people";
import { wallNewsMail } from "@/lib/notifications/wall-news-mail";
import type { Wall } from "./find-wall";
import { mayRead } from "./wall-permissions";
import type { WallPostRow } from "./wall-post-view";

/**
 * The wall's news for the album's people (docs/notifications-who-gets-what.md), in the post's transaction: client staff hear of a
 * post or reply by the service's staff that they may read (public or private, never staff-only); the licensee's
 * users hear of every public post but their own. Staff-only posts reach neither.
 */
export async function notifyWallReaders(
  tx: Tx,
  wall: Wall,
  post: WallPostRow,
  authorUserId: number | null,
): Promise<void> {
  if (post.visibility === "staff") return;
  const news = {
    album: wall.album,
    author: { kind: post.authorKind, name: post.authorName },
    visibility: post.visibility,
    isReply: post.parentId !== null,
    message: post.message,
  };
  const notAuthor = (p: { userId: number }) => p.userId !== authorUserId;
  if (post.authorKind === "employee" && mayRead({ kind: "client" }, post.visibility))
    await notifyPeople(tx, (await clientStaffOf(tx, wall.album.accountId)).filter(notAuthor), {
      kind: "wall_post",
      purpose: "client_notification",
      ...wallNewsMail(news, true),
    });
  if (mayRead({ kind: "licensee" }, post.visibility))
    await notifyPeople(tx, (await licenseeUsersOf(tx, wall.album.licenseeId)).filter(notAuthor), {
      kind: "wall_post",
      purpose: "licensee_notification",
      ...wallNewsMail(news, false),
    });
}
