import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ActionForm } from "@/components/money/action-form";
import { InvoiceTable } from "@/components/money/invoice-table";
import { Pager } from "@/components/pager";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass, inputClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { formatUsd } from "@/lib/formatting";
import { billingParams, getBilling } from "@/lib/billing/get-billing";
import { billingActions, payByCard } from "@/lib/money/billing-actions";
import { issueAlbumInvoiceAction, issueInvoiceAction, payByCardAction } from "./actions";

export const metadata: Metadata = { title: "Billing" };

const KIND: Record<string, string> = {
  bank_transfer: "Bank transfer",
  check: "Check",
  balance: "From the balance",
  refund: "Refund to you",
  card: "Card",
};

/** Where Stripe sends the client back (`?card=paid|cancelled`): said once at the top. */
const CARD_RETURN: Record<string, string> = {
  paid: "Thank you: your card payment is being confirmed. The invoice shows it as paid once Stripe tells us.",
  cancelled: "The card payment was cancelled; nothing was charged.",
};

export default async function BillingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireActor();
  if (!billingActions(actor).view.allowed) {
    return (
      <PageHeader
        title="Billing"
        description="Billing is for client staff: invoices, payments and the prepaid balance of an account."
      />
    );
  }
  const query = await searchParams;
  const billing = await getBilling(await getDb(), actor, billingParams.parse(query));
  const cardReturn = typeof query.card === "string" ? CARD_RETURN[query.card] : undefined;
  const waiting = billing.awaitingInvoice;
  const { issueInvoice } = billingActions(actor, billing);
  const empty = !issueInvoice.allowed;
  return (
    <div className="space-y-8">
      <PageHeader
        title="Billing"
        description="Each request owes its statutory royalty (which we pass on to the copyright owners) plus our service fee. Invoice the requests waiting for payment; licensing begins once an invoice is paid."
      />
      {cardReturn ? (
        <p role="status" className={cardClass}>
          {cardReturn}
        </p>
      ) : null}
      <section aria-labelledby="balance-heading" className={cardClass}>
        <h2 id="balance-heading" className="text-lg font-semibold">
          Prepaid balance: <span data-testid="balance">{formatUsd(billing.balance)}</span>
        </h2>
        <p className="text-sm text-slate-600">
          Overpayments and what was paid for requests that could not be licensed are kept here; new invoices draw on it
          first.
        </p>
      </section>

      <section aria-labelledby="waiting-heading" className="space-y-3">
        <h2 id="waiting-heading" className="text-lg font-semibold">
          Waiting for an invoice
        </h2>
        {/* The forms stay mounted when the last waiting requests are invoiced, so that their message stays too. */}
        <ActionForm
          action={issueInvoiceAction}
          submitLabel="Issue invoice for the selected requests"
          pendingLabel="Issuing…"
          successMessage="Invoice issued."
          idle={empty}
        >
          {!issueInvoice.allowed ? (
            <p className="text-slate-600">{issueInvoice.reason}</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                {waiting.total === 1 ? "1 request owes" : `${waiting.total} requests owe`} what no invoice holds yet
                {waiting.total > waiting.pageSize ? `; here ${waiting.pageSize} at a time, by album` : ""}.
              </p>
              <fieldset className={cardClass}>
                <legend className="sr-only">Requests to invoice</legend>
                <ul className="space-y-2">
                  {waiting.items.map((r) => (
                    <li key={r.id} className="flex flex-wrap items-center gap-x-3">
                      <input
                        type="checkbox"
                        name="requestId"
                        value={r.id}
                        id={`invoice-request-${r.id}`}
                        defaultChecked
                      />
                      <label htmlFor={`invoice-request-${r.id}`}>
                        Request #{r.id}: {r.songTitle} on {r.albumTitle}
                        {r.topUp ? " (top-up: a length supplied later raised the royalty)" : ""}: {formatUsd(r.total)} (
                        {formatUsd(r.royalty)} royalty + {formatUsd(r.fee)} fee)
                      </label>
                      <Link href={`/requests/${r.id}`} className="text-sm underline">
                        Open
                      </Link>
                    </li>
                  ))}
                </ul>
              </fieldset>
            </>
          )}
        </ActionForm>
        {empty ? null : (
          <Pager
            page={waiting.page}
            pageSize={waiting.pageSize}
            total={waiting.total}
            hrefFor={(page) => (page > 1 ? `/billing?waiting=${page}` : "/billing")}
          />
        )}
        <ActionForm
          action={issueAlbumInvoiceAction}
          submitLabel="Invoice all of this album"
          pendingLabel="Issuing…"
          successMessage="Invoice issued for the album."
          labelledBy={empty ? undefined : "album-invoice-heading"}
          variant="secondary"
          className={empty ? "" : `${cardClass} space-y-3`}
          idle={empty}
        >
          {empty ? null : (
            <>
              <h3 id="album-invoice-heading" className="font-semibold">
                Invoice an album
              </h3>
              <label htmlFor="invoice-album" className="block text-sm font-medium">
                Album
                <select id="invoice-album" name="albumId" className={inputClass}>
                  {billing.owingAlbums.map((a) => (
                    <option key={a.id} value={a.id}>
                      {`${a.title} by ${a.artist}`}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
        </ActionForm>
      </section>

      <section aria-labelledby="unpaid-heading" className="space-y-3">
        <h2 id="unpaid-heading" className="text-lg font-semibold">
          Payment needed
        </h2>
        {billing.onOpenInvoices.length === 0 ? (
          <p className="text-slate-600">No invoiced request is waiting for payment.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {billing.onOpenInvoices.map((l) => (
              <li key={`${l.invoiceId}-${l.id}`}>
                <Link href={`/requests/${l.id}`} className="underline">
                  Request #{l.id}
                </Link>
                : {l.songTitle} on {l.albumTitle}
                {l.topUp ? " (top-up)" : ""}: {formatUsd(l.amount)} on invoice{" "}
                <a className="underline" href={`/api/invoices/${l.invoiceId}/pdf`}>
                  {l.invoiceNumber} (PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="invoices-heading" className="space-y-3">
        <h2 id="invoices-heading" className="text-lg font-semibold">
          Invoices
        </h2>
        {billing.invoices.length === 0 ? (
          <p className="text-slate-600">No invoices yet.</p>
        ) : (
          <InvoiceTable
            invoices={billing.invoices}
            action={(i) =>
              payByCard(actor, i, billing.cardPayments).allowed ? (
                <ActionForm
                  action={payByCardAction}
                  submitLabel="Pay by card"
                  pendingLabel="Opening…"
                  variant="secondary"
                >
                  <input type="hidden" name="invoiceId" value={i.id} />
                </ActionForm>
              ) : null
            }
          />
        )}
      </section>

      <section aria-labelledby="how-to-pay-heading" className={`${cardClass} space-y-2`}>
        <h2 id="how-to-pay-heading" className="text-lg font-semibold">
          How to pay
        </h2>
        <p className="text-sm text-slate-600">
          {billing.cardPayments
            ? "Pay an open invoice by card above, or by bank transfer or check; we record a transfer or check when it arrives."
            : "Pay by bank transfer or check; we record it when it arrives. Card payments are not available."}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="payment-instructions">
          {billing.paymentInstructions.map((p) => (
            <div key={p.label} className="contents">
              <dt className="font-medium">{p.label}</dt>
              <dd>{p.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="payments-heading" className="space-y-3">
        <h2 id="payments-heading" className="text-lg font-semibold">
          Payment history
        </h2>
        {billing.payments.length === 0 ? (
          <p className="text-slate-600">No payments yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {billing.payments.map((p) => (
              <li key={p.id}>
                {p.receivedOn}: {KIND[p.kind]} {formatUsd(p.amount)} ({p.reference})
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
