import { apiRoute } from "@/lib/http/api-route";
import { list } from "@/lib/http/responses";
import { listFormats } from "@/lib/royalties/list-formats";

export const GET = apiRoute(async ({ db }) => {
  const items = await listFormats(db);
  return list(items, items.length);
});
