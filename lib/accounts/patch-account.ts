import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { validationFailed } from "@/lib/errors";
import { parseChanges } from "@/lib/patch/parse-patch";
import { lockAccount } from "@/lib/people/people-permissions";
import { accountFields, type AccountChanges } from "./account-fields";
import { getAccount } from "./get-account";

export const parseAccountPatch = (body: unknown): AccountChanges => parseChanges(body, accountFields);

/**
 * PATCH /api/accounts/{id} and the staff account page: rename, suspend (its keys and users are refused with 403
 * account_suspended, its data kept) or reactivate. Each change is an audit event.
 */
export async function patchAccount(db: Db, actor: Actor, accountId: number, changes: AccountChanges) {
  const employee = requireEmployee(actor, "change client accounts");
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    const audit = (action: string, detail: unknown) =>
      recordAudit(tx, employee, { action, entityType: "account", entityId: account.id, accountId: account.id, detail });
    if (changes.name !== undefined && changes.name !== account.name) {
      const [clash] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.name, changes.name), ne(accounts.id, account.id)));
      if (clash) throw validationFailed([{ path: "name", message: "another account already has this name" }]);
      await tx.update(accounts).set({ name: changes.name }).where(eq(accounts.id, account.id));
      await audit("account.renamed", { from: account.name, to: changes.name });
    }
    if (changes.suspended !== undefined && changes.suspended !== (account.suspendedAt !== null)) {
      await tx
        .update(accounts)
        .set({ suspendedAt: changes.suspended ? now() : null })
        .where(eq(accounts.id, account.id));
      await audit(changes.suspended ? "account.suspended" : "account.reactivated", null);
    }
  });
  return getAccount(db, actor, accountId);
}
