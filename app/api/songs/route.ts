import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { created, list } from "@/lib/http/responses";
import { createSong } from "@/lib/songs/create-song";
import { searchSongsQuery, songInputSchema } from "@/lib/songs/schemas";
import { searchSongs } from "@/lib/songs/search-songs";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const song = await createSong(db, actor, parseInput(songInputSchema, await body()));
    return created(song, `/api/songs/${song.id}`);
  },
  { roles: ["employee"] },
);

export const GET = apiRoute(
  async ({ db, actor, url }) => {
    const { items, total } = await searchSongs(db, actor, parseQuery(searchSongsQuery, url));
    return list(items, total);
  },
  { roles: ["employee"] },
);
