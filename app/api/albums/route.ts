import { apiRoute } from "@/lib/http/api-route";
import { created } from "@/lib/http/responses";
import { createAlbumBodySchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const requests = await createAlbumRequests(db, actor, parseInput(createAlbumBodySchema, await body()));
    const { albumId, licenseeId, releaseId } = requests[0]!;
    return created({ albumId, licenseeId, releaseId, requests }, `/api/albums/${albumId}`);
  },
  { roles: ["client"] },
);
