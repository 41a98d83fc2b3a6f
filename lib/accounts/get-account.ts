import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { notFound } from "@/lib/errors";
import { accountById, accountView } from "./account-view";

/** GET /api/accounts/{id} and the staff account page. */
export async function getAccount(db: Conn, actor: Actor, accountId: number) {
  requireEmployee(actor, "see client accounts");
  const [row] = await accountById(db, accountId);
  if (!row) throw notFound("Account");
  return accountView(row);
}
