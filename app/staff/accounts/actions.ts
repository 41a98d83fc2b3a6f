"use server";

import { accountChanges, newAccountInput } from "@/lib/accounts/account-fields";
import { createAccount } from "@/lib/accounts/create-account";
import { patchAccount } from "@/lib/accounts/patch-account";
import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";

const staffOnly = { roles: ["employee"], doing: "manage client accounts" } as const;

export async function createAccountAction(values: unknown) {
  return formAction(
    { ...staffOnly, schema: newAccountInput, values, revalidate: ["/staff/accounts"] },
    async ({ db, actor, input }) => ({
      id: (await createAccount(db, actor, input)).id,
    }),
  );
}

/** Renames, suspends or reactivates an account (the same changes as PATCH /api/accounts/{id}). */
export async function changeAccountAction(accountId: number, values: unknown) {
  const options = {
    ...staffOnly,
    schema: accountChanges,
    values,
    revalidate: ["/staff/accounts", `/staff/accounts/${accountId}`],
  } as const;
  return formAction(options, async ({ db, actor, input }) => {
    await patchAccount(db, actor, pathId(String(accountId), "Account"), input);
    return null;
  });
}
