import Link from "@/components/ui/link";
import { formatDay, formatUsd } from "@/lib/formatting";
import type { RequestView } from "@/lib/requests/request-view";

type AmountDue = NonNullable<RequestView["amountDue"]>;

/**
 * Royalty + fee (+ the Copyright Office's filing fee once billed) = amount due, and whether it is paid or on which
 * invoice (client staff and employees only); a request that ended without a license shows nothing due and what was
 * credited back.
 */
export function AmountDueText({ amount }: { amount: AmountDue }) {
  return (
    <>
      <span className="font-semibold">{formatUsd(amount.total)}</span>
      <span className="block text-sm text-slate-600">
        {formatUsd(amount.royalty)} royalty + {formatUsd(amount.fee)} service fee
        {amount.officeFee !== "0.00" ? <> + {formatUsd(amount.officeFee)} Copyright Office filing fee</> : null}
      </span>
      {amount.credited !== "0.00" ? (
        <span className="block text-sm text-slate-600">
          {formatUsd(amount.credited)} credited{amount.creditedOn ? ` on ${formatDay(amount.creditedOn)}` : ""}
        </span>
      ) : null}
      {amount.officeFeeNote ? <span className="block text-sm text-slate-600">{amount.officeFeeNote}</span> : null}
      <span className="block text-sm text-slate-600">
        {amount.total === "0.00"
          ? "Nothing due"
          : amount.paid
            ? "Paid"
            : amount.invoiceId !== null
              ? "Invoiced, not paid yet"
              : "Not invoiced yet"}
        {amount.invoiceId !== null ? (
          <>
            {" · "}
            <a className="underline" href={`/api/invoices/${amount.invoiceId}/pdf`}>
              Invoice (PDF)
            </a>
          </>
        ) : null}
      </span>
    </>
  );
}

/** The "Payment needed" note of a request waiting for payment: the amount, and where to pay it. */
export function PaymentNeeded({ amount, billingHref }: { amount: AmountDue; billingHref: string | null }) {
  return (
    <p role="note" className="mt-2 rounded-md border border-orange-200 bg-orange-50 px-3 py-2 text-sm text-orange-950">
      Payment needed: {formatUsd(amount.total)} ({formatUsd(amount.royalty)} royalty + {formatUsd(amount.fee)} fee).{" "}
      {amount.invoiceId !== null ? (
        <a className="underline" href={`/api/invoices/${amount.invoiceId}/pdf`}>
          See the invoice
        </a>
      ) : null}
      {amount.invoiceId === null && billingHref ? (
        <Link className="underline" href={billingHref}>
          Issue an invoice in Billing
        </Link>
      ) : null}{" "}
      Licensing begins once it is paid.
    </p>
  );
}
