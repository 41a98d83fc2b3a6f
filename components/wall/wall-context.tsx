"use client";

import { createContext, useContext } from "react";
import type { FormResult } from "@/lib/forms/form-result";
import type { Visibility } from "@/lib/wall/visibilities";

export type WallPostValues = { message: string; visibility: Visibility; parentId: number | null };

/** What every post and form on one wall needs, without threading it through each level of replies. */
export type Wall = {
  /** What the caller may post, widest first (wall-permissions.ts's writableVisibilities). */
  visibilities: Visibility[];
  timeZone: string;
  post(values: WallPostValues): Promise<FormResult<{ id: number }>>;
  remove(postId: number): Promise<FormResult>;
  /** Refetches the loaded pages after a change. */
  refresh(): Promise<void>;
};

export const WallContext = createContext<Wall | null>(null);

export function useWall(): Wall {
  const wall = useContext(WallContext);
  if (!wall) throw new Error("useWall outside a WallBoard");
  return wall;
}

/** The id of a post's article, where the focus goes once it is posted. */
export const postElementId = (postId: number) => `wall-post-${postId}`;
