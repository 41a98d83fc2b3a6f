import { asc, count, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { accountRows, accountView } from "./account-view";

/** GET /api/accounts and the staff Accounts page: every client account by name, with its counts. */
export async function listAccounts(db: Conn, actor: Actor, page: { offset: number; limit: number }) {
  requireEmployee(actor, "see client accounts");
  const [rows, [total]] = await Promise.all([
    accountRows(db)
      .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(accounts),
  ]);
  return { items: rows.map(accountView), total: total?.n ?? 0 };
}
