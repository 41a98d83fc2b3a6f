import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { serveNotice } from "@/lib/licensing/serve-notice";

export const POST = apiRoute(
  async ({ db, actor, params }) => json(await serveNotice(db, actor, pathId(params.id, "Request"), pathId(params.ownerId, "Owner"))),
  { roles: ["employee"] },
);
