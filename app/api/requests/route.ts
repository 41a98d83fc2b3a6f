import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { created, cursorList } from "@/lib/http/responses";
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

const POLL = { name: "cursor", drop: ["offset", "updatedSince"] };

export const GET = apiRoute(async ({ db, actor, url }) => {
  const page = await listRequests(db, actor, parseQuery(listRequestsQuery, url));
  if (page.pollCursor === undefined) return cursorList(url, page);
  // A poll's cursor is also where the next poll starts, so it comes after the last page too; Link only while a page follows.
  const answer = cursorList(url, { ...page, nextCursor: page.more ? page.pollCursor : undefined }, POLL);
  answer.headers.set("X-Next-Cursor", page.pollCursor);
  return answer;
});
