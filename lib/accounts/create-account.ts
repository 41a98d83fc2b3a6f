import type { Db } from "@/db/client";
import { accounts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { validationFailed } from "@/lib/errors";
import { insertInvitation } from "@/lib/people/invite-person";
import type { NewAccountInput } from "./account-fields";
import { getAccount } from "./get-account";

/** Opens a client account and invites its first admin by email, in one transaction. */
export async function createAccount(db: Db, actor: Actor, input: NewAccountInput) {
  const employee = requireEmployee(actor, "open client accounts");
  const accountId = await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: input.name })
      .onConflictDoNothing({ target: accounts.name })
      .returning();
    if (!account) throw validationFailed([{ path: "name", message: "another account already has this name" }]);
    await recordAudit(tx, employee, {
      action: "account.created",
      entityType: "account",
      entityId: account.id,
      accountId: account.id,
      detail: { name: account.name },
    });
    await insertInvitation(tx, employee, { ...input.admin, role: "admin", accountId: account.id });
    return account.id;
  });
  return getAccount(db, actor, accountId);
}
