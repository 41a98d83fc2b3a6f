import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { getAccountBalance } from "@/lib/money/account-balance";

export const GET = apiRoute(async ({ db, actor }) => json(await getAccountBalance(db, actor)), { roles: ["client"] });
