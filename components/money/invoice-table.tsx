import type { ReactNode } from "react";
import { formatDate, formatDay, formatUsd } from "@/lib/formatting";
import type { InvoiceSummary } from "@/lib/money/invoice-view";
import { tableBoxClass } from "@/components/ui/styles";

/** Invoices with their state and amounts; `action` adds a cell per invoice (staff: record a payment). */
export function InvoiceTable({
  invoices,
  showAccount,
  action,
}: {
  invoices: InvoiceSummary[];
  showAccount?: boolean;
  action?: (i: InvoiceSummary) => ReactNode;
}) {
  return (
    <div className={tableBoxClass}>
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Invoice
            </th>
            {showAccount ? (
              <th scope="col" className="px-3 py-2">
                Account
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2">
              Issued
            </th>
            <th scope="col" className="px-3 py-2">
              Due by
            </th>
            <th scope="col" className="px-3 py-2">
              State
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Total
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Still due
            </th>
            {action ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {invoices.map((i) => (
            <tr key={i.id} className="border-t border-slate-100">
              <td className="px-3 py-2">
                <a className="underline" href={`/api/invoices/${i.id}/pdf`}>
                  {i.number}
                </a>
              </td>
              {showAccount ? <td className="px-3 py-2">{i.accountName}</td> : null}
              <td className="px-3 py-2">{formatDate(i.dateAdded)}</td>
              <td className="px-3 py-2">{formatDay(i.dueOn)}</td>
              <td className="px-3 py-2">
                {i.status === "open" && i.settled !== "0.00" ? "partly paid" : i.status}
                {i.credited !== "0.00" ? (
                  <span className="block text-xs text-slate-600">{formatUsd(i.credited)} credited</span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatUsd(i.total)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatUsd(i.due)}</td>
              {action ? <td className="px-3 py-2">{action(i)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
