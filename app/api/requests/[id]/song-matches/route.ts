import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { json, idParam } from "@/lib/http/responses";
import { findSongMatches } from "@/lib/songs/match-songs";

export const GET = apiRoute(
  async ({ db, actor, params, url }) => {
    const requestId = idParam(params, "id", "Request");
    parseQuery(z.strictObject({}), url);
    return json(await findSongMatches(db, actor, requestId));
  },
  { roles: ["employee"] },
);
