import Link from "@/components/ui/link";
import { formatDay, formatUsd } from "@/lib/formatting";
import type { RequestInvoice } from "@/lib/money/request-invoices";
import { PaymentLine } from "./payment-line";

/** The invoices holding a request and what was paid on each (the request pages); nothing when there are none. */
export function RequestInvoices({
  invoices,
  staff = false,
}: {
  invoices: readonly RequestInvoice[];
  /** Staff open the invoice's page; a client reads its document. */
  staff?: boolean;
}) {
  if (invoices.length === 0) return null;
  return (
    <ul className="space-y-3 text-sm">
      {invoices.map((i) => (
        <li key={i.id}>
          <p>
            {staff ? (
              <Link className="underline" href={`/staff/payments/${i.id}`}>
                Invoice {i.number}
              </Link>
            ) : (
              <a className="underline" href={`/api/invoices/${i.id}/pdf`}>
                Invoice {i.number}
              </a>
            )}
            : {i.status}, total {formatUsd(i.total)}
            {i.status === "open" ? `, ${formatUsd(i.due)} due by ${formatDay(i.dueOn, "long")}` : ""}
          </p>
          {i.payments.length === 0 ? (
            <p className="text-slate-600">Nothing paid on it yet.</p>
          ) : (
            <ul className="list-disc pl-5">
              {i.payments.map((p) => (
                <li key={p.id}>
                  <PaymentLine payment={p} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
