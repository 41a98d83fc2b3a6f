import { z } from "zod";
import { isMultiLine, MULTI_LINE } from "@/lib/input-text";
import { cursorPageParams, offsetOrAfter } from "@/lib/paging";
import { requiredOr } from "@/lib/validation";
import { VISIBILITIES, type Visibility } from "./visibilities";
import { WALL_MESSAGE_MAX } from "./wall-limits";

export const visibilitySchema = z.enum(VISIBILITIES, { error: `must be one of ${VISIBILITIES.join(", ")}` });

/** The contract's `isPrivate` as a visibility; undefined when not given (the use case picks the default). */
export const fromIsPrivate = (isPrivate: boolean | undefined): Visibility | undefined =>
  isPrivate === undefined ? undefined : isPrivate ? "private" : "public";

/** Refuses a body that says its visibility twice (`isPrivate` and `visibility`), which could disagree. */
export function oneOf<K extends string>(old: K, now: K) {
  return (body: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    if (body[old] !== undefined && body[now] !== undefined)
      ctx.addIssue({ code: "custom", path: [now], message: `give ${now} or ${old}, not both` });
  };
}

export const createWallPostSchema = z
  .strictObject(
    {
      message: z
        .string({ error: requiredOr("must be a string") })
        .trim()
        .min(1, "must not be empty")
        .max(WALL_MESSAGE_MAX, `must be at most ${WALL_MESSAGE_MAX} characters`)
        .refine(isMultiLine, MULTI_LINE),
      isPrivate: z.boolean({ error: "must be true or false" }).optional(),
      visibility: visibilitySchema.optional(),
      parentId: z
        .number({ error: "must be the id of a post on this wall" })
        .int("must be the id of a post on this wall")
        .positive("must be the id of a post on this wall")
        .nullish()
        .transform((v) => v ?? null),
    },
    { error: requiredOr("the body must be a JSON object") },
  )
  .superRefine(oneOf("isPrivate", "visibility"))
  .transform(({ isPrivate, visibility, ...rest }) => ({ ...rest, visibility: visibility ?? fromIsPrivate(isPrivate) }));
/** What createWallPost takes: without a visibility, the default for the caller. */
export type CreateWallPostInput = Omit<z.output<typeof createWallPostSchema>, "visibility"> & {
  visibility?: Visibility;
};

/** The cursor of a wall's pages: its last post's date added (to the microsecond) and id; `sort` says which way. */
export const WALL_POSTS_LIST = "wallposts";

export const listWallPostsQuery = z
  .strictObject({
    ...cursorPageParams(WALL_POSTS_LIST, ["instant", "id"] as const),
    sort: z.enum(["asc", "desc"], { error: "must be asc or desc" }).default("desc"),
    isprivate: z
      .enum(["true", "false"], { error: "must be true or false" })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true")),
  })
  .superRefine(offsetOrAfter);
