import { z } from "zod";
import { pageParams } from "@/lib/http/query";
import { requiredOr } from "@/lib/validation";

// Shared by POST /api/tracks/{trackId}/wallposts and the portal's wall form.
export const WALL_MESSAGE_MAX = 10_000;

export const createWallPostSchema = z.strictObject(
  {
    message: z
      .string({ error: requiredOr("must be a string") })
      .trim()
      .min(1, "must not be empty")
      .max(WALL_MESSAGE_MAX, `must be at most ${WALL_MESSAGE_MAX} characters`),
    isPrivate: z.boolean({ error: "must be true or false" }).optional(),
    parentId: z
      .number({ error: "must be the id of a post on this wall" })
      .int("must be the id of a post on this wall")
      .positive("must be the id of a post on this wall")
      .nullish()
      .transform((v) => v ?? null),
  },
  { error: requiredOr("the body must be a JSON object") },
);
export type CreateWallPostInput = z.output<typeof createWallPostSchema>;

export const listWallPostsQuery = z.strictObject({
  ...pageParams,
  sort: z.enum(["asc", "desc"], { error: "must be asc or desc" }).default("desc"),
  isprivate: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});
