import { apiRoute } from "@/lib/http/api-route";
import { created, list } from "@/lib/http/responses";
import { addBlanketService, listBlanketServices } from "@/lib/releases/blanket-licensed-services";
import { blanketServiceSchema } from "@/lib/releases/stream-outlets";
import { parseInput } from "@/lib/validation";

const roles = ["employee"] as const;

export const GET = apiRoute(
  async ({ db, actor }) => {
    const services = await listBlanketServices(db, actor);
    return list(services, services.length);
  },
  { roles },
);

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const service = await addBlanketService(db, actor, parseInput(blanketServiceSchema, await body()));
    return created(service, `/api/blanket-licensed-services/${service.id}`);
  },
  { roles },
);
