import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { linkSong } from "@/lib/requests/link-song";
import { linkSongSchema } from "@/lib/workflow/status-schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, params, body }) => {
    const requestId = idParam(params, "id", "Request");
    const { songId } = parseInput(linkSongSchema, await body());
    return json(await linkSong(db, actor, requestId, songId));
  },
  { roles: ["employee"] },
);
