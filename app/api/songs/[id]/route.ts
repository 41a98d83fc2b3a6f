import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { findSong } from "@/lib/songs/find-song";

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await findSong(db, actor, idParam(params, "id", "Song"))),
  { roles: ["employee"] },
);
