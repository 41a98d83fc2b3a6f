import type { Metadata } from "next";
import { PayoutDetailsForm } from "@/components/staff/payout-details-form";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { formatUsd } from "@/lib/formatting";
import { listOwnerBalances } from "@/lib/statements/owner-balances";
import { tableBoxClass } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Owner balances" };

export default async function OwnersPage() {
  const { actor } = await requireStaffPage();
  const owners = await listOwnerBalances(await getDb(), actor);
  return (
    <div className="space-y-4">
      <PageHeader
        title="Owner balances"
        description="Royalties owed to each copyright owner: earned when a request is licensed (split by the owners' shares), paid out by the monthly payout batches to the bank details entered here (shown by their last 4 digits; an owner without them is held)."
      />
      {owners.length === 0 ? (
        <p className="text-slate-600">No royalties owed yet: they are recorded when a paid request is licensed.</p>
      ) : (
        <div className={tableBoxClass}>
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Owner
                </th>
                <th scope="col" className="px-3 py-2">
                  Email
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Earned
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Paid out
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Owed
                </th>
                <th scope="col" className="px-3 py-2">
                  Payouts go to
                </th>
              </tr>
            </thead>
            <tbody>
              {owners.map((o) => (
                <tr key={o.ownerId} className="border-t border-slate-100">
                  <td className="px-3 py-2">{o.name}</td>
                  <td className="px-3 py-2">{o.email ?? "—"}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatUsd(o.earned)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatUsd(o.paidOut)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatUsd(o.owed)}</td>
                  <td className="px-3 py-2 align-top">
                    <p data-testid={`payout-details-${o.ownerId}`}>
                      {o.payoutDetails
                        ? `${o.payoutDetails.accountHolder}, ${o.payoutDetails.kind === "iban" ? "IBAN" : "US account"} ${o.payoutDetails.account}`
                        : "No bank details: payouts are held"}
                    </p>
                    <p className="text-sm text-slate-600">
                      {o.payoutMinimum === "0.00"
                        ? "Paid every month"
                        : `Paid once owed at least ${formatUsd(o.payoutMinimum)}, as the owner chose`}
                    </p>
                    <PayoutDetailsForm ownerId={o.ownerId} ownerName={o.name} hasDetails={o.payoutDetails !== null} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
