import { apiRoute } from "@/lib/http/api-route";
import { list } from "@/lib/http/responses";
import { listOwnerBalances } from "@/lib/statements/owner-balances";

export const GET = apiRoute(
  async ({ db, actor }) => {
    const owners = await listOwnerBalances(db, actor);
    return list(owners, owners.length);
  },
  { roles: ["employee"] },
);
