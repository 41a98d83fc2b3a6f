import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { created, list } from "@/lib/http/responses";
import { createRequest } from "@/lib/requests/create-request";
import { listRequests } from "@/lib/requests/list-requests";
import { listRequestsQuery } from "@/lib/requests/list-requests-query";
import { createRequestSchema } from "@/lib/requests/schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const request = await createRequest(db, actor, parseInput(createRequestSchema, await body()));
    return created(request, `/api/requests/${request.id}`);
  },
  { roles: ["client"] },
);

export const GET = apiRoute(async ({ db, actor, url }) => {
  const { items, total, nextCursor } = await listRequests(db, actor, parseQuery(listRequestsQuery, url));
  return list(items, total, nextCursor === undefined ? {} : { "X-Next-Cursor": nextCursor });
});
