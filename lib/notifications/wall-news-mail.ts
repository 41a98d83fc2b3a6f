import { albumWallUrl } from "./news-links";
import type { Mail } from "./status-news-mail";
import { unlinkable } from "./unlinkable";

export type WallNews = {
  album: { id: number; title: string; artist: string };
  author: { kind: "employee" | "client" | "licensee" | "system"; name: string };
  /** Only what the reader may read reaches this mail: client staff read public and private, licensees public. */
  visibility: "public" | "private";
  isReply: boolean;
  message: string;
};

const ROLE: Record<WallNews["author"]["kind"], string> = {
  employee: "service staff",
  client: "client staff",
  licensee: "licensee",
  system: "CoverDesk",
};

const SEEN_BY: Record<WallNews["visibility"], string> = {
  public: "public: the licensee sees it too",
  private: "private: client staff and service staff, not shown to the licensee",
};

/**
 * A post on an album's wall, for a reader who may read it: client staff (a staff post or reply, `showVisibility` so
 * they know whether their licensee sees it) or the licensee's users (a public post). What people typed cannot be
 * clicked.
 */
export function wallNewsMail(post: WallNews, showVisibility: boolean): Mail {
  const what = post.isReply ? "reply" : "post";
  const album = `"${unlinkable(post.album.title)}" by ${unlinkable(post.album.artist)}`;
  return {
    subject: `New ${what} on the wall of "${post.album.title}" by ${post.album.artist}`,
    body: [
      `${unlinkable(post.author.name)} (${ROLE[post.author.kind]}) wrote a ${what} on the wall of ${album}:`,
      "",
      unlinkable(post.message),
      "",
      ...(showVisibility ? [`Visibility: ${SEEN_BY[post.visibility]}`] : []),
      `Read and answer on the wall: ${albumWallUrl(post.album.id)}`,
    ].join("\n"),
  };
}
