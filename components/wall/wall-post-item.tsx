"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { afterAction, onEscape } from "@/components/ui/after-action";
import { VisibilityBadge } from "@/components/visibility-badge";
import type { WallThread } from "@/lib/wall/list-wall-threads";
import { postElementId, useWall } from "./wall-context";
import { WallPostForm } from "./wall-post-form";

const ROLE: Record<string, string> = {
  employee: "CoverDesk staff",
  client: "Client staff",
  licensee: "Licensee",
  system: "System",
};
const HEADINGS = ["h3", "h4", "h5", "h6"] as const;

/**
 * One post with its replies (nested, indentation capped so deep threads stay readable on a phone). Its heading
 * follows the thread's depth (h3 for a thread, h4 for its replies… h6 at most) and its buttons name the post.
 * The reply form and the delete question close with Escape, giving the focus back to the button that opened them.
 */
export function WallPostItem({
  post,
  depth = 0,
  parentId = null,
}: {
  post: WallThread;
  depth?: number;
  parentId?: number | null;
}) {
  const wall = useWall();
  const ids = useId();
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const when = new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: wall.timeZone,
  }).format(new Date(post.dateAdded));
  const name = `${post.author.name}’s post of ${when}`;
  const Heading = HEADINGS[Math.min(depth, HEADINGS.length - 1)]!;
  const closeReply = () => {
    setReplying(false);
    afterAction({ focus: () => replyButton.current });
  };
  const keep = () => {
    setConfirming(false);
    afterAction({ focus: () => deleteButton.current });
  };
  const remove = useMutation({
    mutationFn: async () => {
      const result = await wall.remove(post.id);
      if (!result.ok) throw new Error(result.message);
      await wall.refresh();
    },
    // A deleted reply leaves the focus on the post it answered; a deleted thread, on the list of posts.
    onSuccess: () =>
      afterAction({
        focus: () => document.getElementById(parentId === null ? "posts" : postElementId(parentId)),
        message: post.replies.length ? "The post and its replies were deleted." : "The post was deleted.",
      }),
  });

  return (
    <li className={depth > 0 && depth < 4 ? "ml-3 border-l-2 border-slate-200 pl-3 sm:ml-6 sm:pl-4" : ""}>
      <article
        id={postElementId(post.id)}
        tabIndex={-1}
        aria-labelledby={`${ids}-author ${ids}-time`}
        className="rounded-lg border border-slate-200 bg-white p-3"
      >
        <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
          <Heading id={`${ids}-author`} className="font-semibold">
            {post.author.name}
          </Heading>
          <span className="text-slate-600">{ROLE[post.author.kind] ?? post.author.kind}</span>
          <time id={`${ids}-time`} dateTime={post.dateAdded} className="text-slate-600">
            {when}
          </time>
          <VisibilityBadge visibility={post.visibility} />
        </header>
        <p className="mt-2 whitespace-pre-wrap break-words">{post.message}</p>
        <div className="mt-2 flex flex-wrap gap-2 text-sm">
          <button
            ref={replyButton}
            type="button"
            aria-expanded={replying}
            aria-label={`Reply to ${name}`}
            onClick={() => (replying ? closeReply() : setReplying(true))}
            className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-100"
          >
            Reply
          </button>
          {post.canDelete && !confirming ? (
            <button
              ref={deleteButton}
              type="button"
              aria-label={`Delete ${name}`}
              onClick={() => setConfirming(true)}
              className="rounded-md border border-slate-300 px-2 py-1 text-red-800 hover:bg-red-50"
            >
              Delete
            </button>
          ) : null}
          {confirming ? (
            <div
              role="group"
              aria-labelledby={`${ids}-question`}
              onKeyDown={(e) => onEscape(e, keep)}
              className="flex flex-wrap items-center gap-2"
            >
              <span id={`${ids}-question`}>
                {post.replies.length ? "Delete this post and its replies?" : "Delete this post?"}
              </span>
              <button
                type="button"
                autoFocus
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
                className="rounded-md bg-red-700 px-2 py-1 text-white hover:bg-red-800 disabled:opacity-60"
              >
                {remove.isPending ? "Deleting…" : "Yes, delete"}
              </button>
              <button
                type="button"
                onClick={keep}
                className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-100"
              >
                Keep
              </button>
            </div>
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
              parent={{ id: post.id, visibility: post.visibility, name }}
              onPosted={() => setReplying(false)}
              onCancel={closeReply}
            />
          </div>
        ) : null}
      </article>
      {post.replies.length ? (
        <ul className="mt-2 space-y-2" aria-label={`Replies to ${name}`}>
          {post.replies.map((reply) => (
            <WallPostItem key={reply.id} post={reply} depth={depth + 1} parentId={post.id} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
