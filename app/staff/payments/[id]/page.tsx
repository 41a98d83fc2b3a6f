import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ActionButton } from "@/components/action-button";
import { ActionForm } from "@/components/money/action-form";
import { PaymentLine } from "@/components/money/payment-line";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass, inputClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { isoDay } from "@/lib/clock";
import { formatUsd } from "@/lib/formatting";
import { orNotFound } from "@/lib/forms/or-not-found";
import { pathId } from "@/lib/http/responses";
import { paymentVoidActions } from "@/lib/billing/void-payment";
import { balanceOf } from "@/lib/money/account-balance";
import { findInvoice } from "@/lib/money/invoice-view";
import { recordPaymentAction, refundAction, voidInvoiceAction, voidPaymentAction } from "../actions";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Invoice ${(await params).id}` };
}

export default async function InvoicePaymentsPage({ params }: Props) {
  const { actor } = await requireStaffPage();
  const db = await getDb();
  const invoice = await orNotFound(async () => findInvoice(db, actor, pathId((await params).id, "Invoice")));
  const [{ balance }, voidable] = await Promise.all([
    balanceOf(db, invoice.accountId),
    paymentVoidActions(db, actor, invoice),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Invoice ${invoice.number}`}
        description={
          <>
            {invoice.accountName}: {invoice.status}, total {formatUsd(invoice.total)}, paid {formatUsd(invoice.settled)}
            , still due {formatUsd(invoice.due)}. The account&apos;s balance is {formatUsd(balance)}.{" "}
            <a className="underline" href={`/api/invoices/${invoice.id}/pdf`}>
              PDF
            </a>{" "}
            ·{" "}
            <Link className="underline" href="/staff/payments">
              All invoices
            </Link>
          </>
        }
      />
      <section aria-labelledby="lines-heading" className={cardClass}>
        <h2 id="lines-heading" className="mb-2 text-lg font-semibold">
          Lines
        </h2>
        <ul className="space-y-1 text-sm">
          {invoice.lines.map((l, i) => (
            <li key={i}>
              {l.requestId ? (
                <Link className="underline" href={`/requests/${l.requestId}`}>
                  Request #{l.requestId}
                </Link>
              ) : (
                "Discount"
              )}
              : {l.description}
              {l.units ? `, ${l.units.toLocaleString("en-US")} units` : ""}: royalty {formatUsd(l.royalty)}, fee{" "}
              {formatUsd(l.fee)}, amount {formatUsd(l.amount)}
              {l.credited ? " (credited)" : ""}
              {l.provisionalReason ? ` (provisional royalty: ${l.provisionalReason})` : ""}
            </li>
          ))}
        </ul>
        <h3 className="mt-4 mb-1 font-semibold">Payments</h3>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-slate-600">None yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {invoice.payments.map((p) => (
              <li key={p.id}>
                <PaymentLine payment={p}> Recorded by {p.recordedBy}.</PaymentLine>
                {voidable[p.id]?.allowed ? (
                  <ActionForm
                    action={voidPaymentAction.bind(null, invoice.id, p.id)}
                    submitLabel="Void this payment"
                    pendingLabel="Voiding…"
                    successMessage="Payment voided."
                    variant="secondary"
                    className="mt-1 flex flex-wrap items-end gap-2"
                  >
                    <label className="text-sm font-medium">
                      Why is it voided?
                      <input name="reason" required maxLength={500} className={inputClass} />
                    </label>
                  </ActionForm>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {invoice.status === "open" ? (
        <section aria-labelledby="record-heading" className={cardClass}>
          <h2 id="record-heading" className="mb-2 text-lg font-semibold">
            Record a payment received
          </h2>
          <ActionForm
            action={recordPaymentAction.bind(null, invoice.id)}
            submitLabel="Record payment"
            pendingLabel="Recording…"
            successMessage="Payment recorded."
          >
            <div className="grid gap-3 sm:grid-cols-4">
              <label className="text-sm font-medium">
                Amount (USD)
                <input name="amount" defaultValue={invoice.due} inputMode="decimal" required className={inputClass} />
              </label>
              <label className="text-sm font-medium">
                Reference
                <input name="reference" required className={inputClass} />
              </label>
              <label className="text-sm font-medium">
                Received on
                <input name="receivedOn" type="date" defaultValue={isoDay()} required className={inputClass} />
              </label>
              <label className="text-sm font-medium">
                Method
                <select name="method" className={inputClass} defaultValue="bank_transfer">
                  <option value="bank_transfer">Bank transfer</option>
                  <option value="check">Check</option>
                </select>
              </label>
            </div>
            <p className="text-sm text-slate-600">
              Less than is due leaves the invoice open; more goes to the account&apos;s balance.
            </p>
          </ActionForm>
          <div className="mt-4">
            <ActionButton
              action={voidInvoiceAction.bind(null, invoice.id)}
              label="Void this invoice"
              pendingLabel="Voiding…"
            />
            <p className="mt-1 text-sm text-slate-600">
              Only an invoice no money was received for; its requests can then be invoiced again.
            </p>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="refund-heading" className={cardClass}>
        <h2 id="refund-heading" className="mb-2 text-lg font-semibold">
          Refund from the balance
        </h2>
        <ActionForm
          action={refundAction.bind(null, invoice.id)}
          submitLabel="Record refund"
          pendingLabel="Recording…"
          successMessage="Refund recorded."
          variant="secondary"
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="text-sm font-medium">
              Amount (USD)
              <input name="amount" inputMode="decimal" required className={inputClass} />
            </label>
            <label className="text-sm font-medium">
              Reference
              <input name="reference" required className={inputClass} />
            </label>
          </div>
          <p className="text-sm text-slate-600">
            Money paid back to the client out of its balance ({formatUsd(balance)}), never more than that.
          </p>
        </ActionForm>
      </section>
    </div>
  );
}
