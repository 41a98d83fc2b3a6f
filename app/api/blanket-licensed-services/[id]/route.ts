import { apiRoute } from "@/lib/http/api-route";
import { noContent, idParam } from "@/lib/http/responses";
import { removeBlanketService } from "@/lib/releases/blanket-licensed-services";

export const DELETE = apiRoute(
  async ({ db, actor, params }) => {
    await removeBlanketService(db, actor, idParam(params, "id", "Blanket-licensed service"));
    return noContent();
  },
  { roles: ["employee"] },
);
