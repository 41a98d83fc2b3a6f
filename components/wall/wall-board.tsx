"use client";

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { FormResult } from "@/lib/forms/form-result";
import type { WallPage, WallThread } from "@/lib/wall/list-wall-threads";
import type { Visibility } from "@/lib/wall/visibilities";
import { WallContext, type Wall, type WallPostValues } from "./wall-context";
import { WallPostForm } from "./wall-post-form";
import { WallPostItem } from "./wall-post-item";

export type WallActions = {
  loadPage(albumId: number, offset: number): Promise<FormResult<WallPage>>;
  post(albumId: number, values: WallPostValues): Promise<FormResult<{ id: number }>>;
  remove(albumId: number, postId: number): Promise<FormResult>;
};

/** The album wall: a form, the threads newest first, and "load more"; changes refetch without a reload. */
export function WallBoard({
  albumId,
  initialPage,
  visibilities,
  timeZone,
  actions,
}: {
  albumId: number;
  initialPage: WallPage;
  visibilities: Visibility[];
  timeZone: string;
  actions: WallActions;
}) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ["wall", albumId], [albumId]);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam }) => {
      const result = await actions.loadPage(albumId, pageParam);
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    initialData: { pages: [initialPage], pageParams: [0] },
  });

  const wall = useMemo<Wall>(
    () => ({
      visibilities,
      timeZone,
      post: (values) => actions.post(albumId, values),
      remove: (postId) => actions.remove(albumId, postId),
      refresh: () => queryClient.invalidateQueries({ queryKey }),
    }),
    [actions, albumId, visibilities, queryClient, queryKey, timeZone],
  );

  // Pages are offsets: a post written between two page loads can show up twice, so keep the first.
  const threads = useMemo(() => {
    const seen = new Set<number>();
    const all: WallThread[] = [];
    for (const page of query.data.pages) {
      for (const thread of page.threads) {
        if (seen.has(thread.id)) continue;
        seen.add(thread.id);
        all.push(thread);
      }
    }
    return all;
  }, [query.data]);

  return (
    <WallContext.Provider value={wall}>
      <section aria-labelledby="new-post" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="new-post" className="mb-2 text-lg font-semibold">
          Write on the wall
        </h2>
        <WallPostForm />
      </section>
      <section aria-labelledby="posts" aria-busy={query.isFetching}>
        <h2 id="posts" className="mb-3 text-lg font-semibold">
          Posts{" "}
          <span className="text-sm font-normal text-slate-600">({query.data.pages.at(-1)?.total ?? 0} threads)</span>
        </h2>
        {query.isError ? (
          <div
            role="alert"
            className="mb-3 flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            <span>The wall could not be loaded: {query.error.message}</span>
            <button type="button" onClick={() => void query.refetch()} className="underline">
              Try again
            </button>
          </div>
        ) : null}
        {threads.length === 0 ? (
          <p className="text-slate-600">No posts yet. Start the conversation above.</p>
        ) : (
          <ul className="space-y-3">
            {threads.map((thread) => (
              <WallPostItem key={thread.id} post={thread} />
            ))}
          </ul>
        )}
        {query.hasNextPage ? (
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            className="mt-4 rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-100 disabled:opacity-60"
          >
            {query.isFetchingNextPage ? "Loading…" : "Load older posts"}
          </button>
        ) : null}
      </section>
    </WallContext.Provider>
  );
}
