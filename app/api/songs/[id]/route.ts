import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { findSong } from "@/lib/songs/find-song";

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await findSong(db, actor, pathId(params.id, "Song"))),
  { roles: ["employee"] },
);
