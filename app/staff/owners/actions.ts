"use server";

import { postedForm } from "@/lib/forms/posted-form";
import { formAction } from "@/lib/forms/form-action";
import { payoutDetailsSchema } from "@/lib/payouts/schemas";
import { setPayoutDetails } from "@/lib/payouts/set-payout-details";

/** Owner balances: enter or replace an owner's payout details (the same use case as PUT /api/owners/{id}/payout-details). */
export async function setPayoutDetailsAction(ownerId: number, posted: FormData) {
  const data = postedForm(posted);
  const text = (name: string) => data.get(name) ?? undefined;
  const kind = text("kind");
  const payoutMinimum = text("payoutMinimum") || undefined;
  const values =
    kind === "iban"
      ? { kind, accountHolder: text("accountHolder"), iban: text("iban"), payoutMinimum }
      : {
          kind,
          accountHolder: text("accountHolder"),
          routingNumber: text("routingNumber"),
          accountNumber: text("accountNumber"),
          payoutMinimum,
        };
  const options = {
    roles: ["employee"],
    doing: "enter owners' payout details",
    schema: payoutDetailsSchema,
    values,
    revalidate: ["/staff/owners"],
  } as const;
  return formAction(options, async ({ db, actor, input }) => {
    await setPayoutDetails(db, actor, ownerId, input);
    return null;
  });
}
