import { setPayoutDetailsAction } from "@/app/staff/owners/actions";
import { ActionForm } from "@/components/money/action-form";
import { inputClass } from "@/components/ui/styles";

/** Enter or replace where an owner's payouts go: an IBAN, or a US routing and account number (only one kind is read). */
export function PayoutDetailsForm({
  ownerId,
  ownerName,
  hasDetails,
}: {
  ownerId: number;
  ownerName: string;
  hasDetails: boolean;
}) {
  return (
    <details>
      <summary className="cursor-pointer text-sm text-indigo-700 underline">
        {hasDetails ? "Change bank details" : "Enter bank details"}
      </summary>
      <ActionForm
        action={setPayoutDetailsAction.bind(null, ownerId)}
        submitLabel={`Save bank details of ${ownerName}`}
        pendingLabel="Saving…"
        successMessage="Saved."
        className="mt-2 space-y-2"
      >
        <label className="block text-sm font-medium">
          Account holder
          <input name="accountHolder" required autoComplete="off" className={inputClass} />
        </label>
        <label className="block text-sm font-medium">
          Kind
          <select name="kind" defaultValue="iban" className={inputClass}>
            <option value="iban">IBAN</option>
            <option value="us_account">US routing and account number</option>
          </select>
        </label>
        <label className="block text-sm font-medium">
          IBAN (for the IBAN kind)
          <input name="iban" autoComplete="off" className={inputClass} />
        </label>
        <label className="block text-sm font-medium">
          Routing number (US)
          <input name="routingNumber" inputMode="numeric" autoComplete="off" className={inputClass} />
        </label>
        <label className="block text-sm font-medium">
          Account number (US)
          <input name="accountNumber" inputMode="numeric" autoComplete="off" className={inputClass} />
        </label>
        <label className="block text-sm font-medium">
          Payout minimum in USD, as the owner chose (0: every month; empty: unchanged)
          <input name="payoutMinimum" inputMode="decimal" autoComplete="off" className={inputClass} />
        </label>
      </ActionForm>
    </details>
  );
}
