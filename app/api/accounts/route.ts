import { listAccountsQuery, newAccountInput } from "@/lib/accounts/account-fields";
import { createAccount } from "@/lib/accounts/create-account";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { created, list } from "@/lib/http/responses";
import { parseInput } from "@/lib/validation";

/** Opens a client account and invites its first admin by email (staff only). */
export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const account = await createAccount(db, actor, parseInput(newAccountInput, await body()));
    return created(account, `/api/accounts/${account.id}`);
  },
  { roles: ["employee"] },
);

export const GET = apiRoute(
  async ({ db, actor, url }) => {
    const { items, total } = await listAccounts(db, actor, parseQuery(listAccountsQuery, url));
    return list(items, total);
  },
  { roles: ["employee"] },
);
