import { TEXT_LIMITS } from "@/lib/input-text";

// Shared by POST /api/tracks/{trackId}/wallposts and the portal's wall form (which must not load zod to know it).
export const WALL_MESSAGE_MAX = TEXT_LIMITS.wallPost;
