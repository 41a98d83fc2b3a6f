import Link from "@/components/ui/link";
import { VisibilityBadge } from "@/components/visibility-badge";
import { formatDateTime } from "@/lib/formatting";
import type { Visibility } from "@/lib/wall/visibilities";

type Post = {
  id: number;
  albumId: number;
  albumTitle: string;
  accountName: string;
  message: string;
  visibility: Visibility;
  authorName: string;
  dateAdded: Date;
};

/** The staff dashboard's newest wall posts (of every visibility), each linked to its album's wall. */
export function NewestWallPosts({ posts }: { posts: Post[] }) {
  return (
    <section aria-labelledby="newest-wall-posts" className="mt-8">
      <h2 id="newest-wall-posts" className="mb-3 text-lg font-semibold">
        Newest wall posts
      </h2>
      {posts.length === 0 ? (
        <p className="text-slate-600">No wall posts yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {posts.map((p) => (
            <li key={p.id} className="px-4 py-3">
              <p className="text-sm text-slate-600">
                <VisibilityBadge visibility={p.visibility} /> · {p.authorName} on{" "}
                <Link href={`/albums/${p.albumId}/wall`} className="underline">
                  {p.albumTitle}
                </Link>{" "}
                ({p.accountName}) · {formatDateTime(p.dateAdded)}
              </p>
              <p className="mt-1 line-clamp-2 break-words text-slate-900">{p.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
