"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { WallThread } from "@/lib/wall/list-wall-threads";
import { useWall } from "./wall-context";
import { WallPostForm } from "./wall-post-form";

const ROLE: Record<string, string> = { employee: "CoverDesk staff", client: "Client staff", licensee: "Licensee", system: "System" };

/** One post with its replies (nested, indentation capped so deep threads stay readable on a phone). */
export function WallPostItem({ post, depth = 0 }: { post: WallThread; depth?: number }) {
  const wall = useWall();
  const headingId = useId();
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: async () => {
      const result = await wall.remove(post.id);
      if (!result.ok) throw new Error(result.message);
      await wall.refresh();
    },
  });

  return (
    <li className={depth > 0 && depth < 4 ? "ml-3 border-l-2 border-slate-200 pl-3 sm:ml-6 sm:pl-4" : ""}>
      <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-3">
        <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
          <h3 id={headingId} className="font-semibold">
            {post.author.name}
          </h3>
          <span className="text-slate-600">{ROLE[post.author.kind] ?? post.author.kind}</span>
          <time dateTime={post.dateAdded} className="text-slate-600">
            {new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: wall.timeZone }).format(
              new Date(post.dateAdded),
            )}
          </time>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${
              post.isPrivate ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"
            }`}
          >
            {post.isPrivate ? "Private" : "Public"}
          </span>
        </header>
        <p className="mt-2 whitespace-pre-wrap break-words">{post.message}</p>
        <div className="mt-2 flex flex-wrap gap-2 text-sm">
          <button
            type="button"
            aria-expanded={replying}
            onClick={() => setReplying((r) => !r)}
            className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-100"
          >
            Reply
          </button>
          {post.canDelete && !confirming ? (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="rounded-md border border-slate-300 px-2 py-1 text-red-800 hover:bg-red-50"
            >
              Delete
            </button>
          ) : null}
          {confirming ? (
            <span className="flex flex-wrap items-center gap-2">
              <span>{post.replies.length ? "Delete this post and its replies?" : "Delete this post?"}</span>
              <button
                type="button"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
                className="rounded-md bg-red-700 px-2 py-1 text-white hover:bg-red-800 disabled:opacity-60"
              >
                {remove.isPending ? "Deleting…" : "Yes, delete"}
              </button>
              <button
                type="button"
                onClick={() => setConfirming(false)}
                className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-100"
              >
                Keep
              </button>
            </span>
          ) : null}
        </div>
        {remove.error ? (
          <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {remove.error.message}
          </p>
        ) : null}
        {replying ? (
          <div className="mt-3">
            <WallPostForm
              parent={{ id: post.id, isPrivate: post.isPrivate, authorName: post.author.name }}
              onDone={() => setReplying(false)}
            />
          </div>
        ) : null}
      </article>
      {post.replies.length ? (
        <ul className="mt-2 space-y-2" aria-label={`Replies to ${post.author.name}`}>
          {post.replies.map((reply) => (
            <WallPostItem key={reply.id} post={reply} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
