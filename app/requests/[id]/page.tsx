import type { Metadata } from "next";
import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { formatLength, formatMonth, formatUsd } from "@/lib/formatting";
import { AmountDueText, PaymentNeeded } from "@/components/requests/amount-due";
import { RequestInvoices } from "@/components/money/request-invoices";
import { EligibilityAnswersPanel } from "@/components/requests/eligibility-answers";
import { LicensingBlocked } from "@/components/requests/licensing-blocked";
import { MedleyParts } from "@/components/requests/medley-parts";
import { RequestProgress } from "@/components/requests/request-progress";
import { TimelineList } from "@/components/staff/timeline-list";
import { StatusBadge } from "@/components/status-badge";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass, cardClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { pathId } from "@/lib/http/responses";
import { orNotFound } from "@/lib/forms/or-not-found";
import { getRequestDetails } from "@/lib/requests/get-request-details";
import { getRequestProgress } from "@/lib/requests/get-request-progress";
import { cancelRequestAction } from "./actions";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Request #${(await params).id}` };
}

export default async function RequestPage({ params }: Props) {
  const { actor } = await requireActor();
  const { id } = await params;
  const db = await getDb();
  const [d, progress] = await orNotFound(() => {
    const requestId = pathId(id, "Request");
    return Promise.all([getRequestDetails(db, actor, requestId), getRequestProgress(db, actor, requestId)]);
  });
  const { request, release, actions } = d;
  const medleyNote = d.track.medley
    ? "Medley as a whole (owes no royalty)"
    : d.track.medleyTrackId
      ? "Song part of a medley"
      : null;
  return (
    <div className="space-y-6">
      <PageHeader
        title={d.song.title}
        description={
          <>
            Request #{request.id}
            {request.kind === "reorder" ? " (a reorder)" : ""} on{" "}
            <Link href={`/albums/${d.album.id}`}>{d.album.title}</Link>
          </>
        }
        actions={
          <>
            {actions.downloadLicense.allowed ? (
              <a href={`/api/requests/${request.id}/license`} className={buttonClass.primary}>
                Download the license (PDF)
              </a>
            ) : null}
            {actions.reorder.allowed ? (
              <Link href={`/albums/${d.album.id}/reorder?release=${release.id}`} className={buttonClass.secondary}>
                License more units
              </Link>
            ) : null}
            <Link href={`/albums/${d.album.id}/wall`} className={buttonClass.secondary}>
              Album wall
            </Link>
          </>
        }
      />

      <section aria-labelledby="status-heading" className={cardClass}>
        <h2 id="status-heading" className="sr-only">
          Status
        </h2>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <StatusBadge code={request.status.code} />
            <p className="mt-2 text-slate-800">{request.status.description}</p>
            {actions.pay.allowed && request.amountDue ? (
              <PaymentNeeded amount={request.amountDue} billingHref={actions.openBilling.allowed ? "/billing" : null} />
            ) : null}
            <LicensingBlocked
              blockers={request.licensingBlockedBy}
              albumHref={`/albums/${d.album.id}`}
              billingHref={actions.openBilling.allowed ? "/billing" : null}
              licenseeHref={actions.openLicensee.allowed ? `/licensees/${d.licensee.id}` : null}
            />
            <p className="mt-1 text-sm text-slate-600">
              {request.licensingBegun
                ? "Licensing has begun: the album, track and release can no longer change."
                : null}
              {!request.licensingBegun && request.songLinked
                ? "The song is linked to our catalog: its details can no longer change."
                : null}
            </p>
          </div>
          {actions.cancel.allowed ? (
            <ConfirmAction
              label="Cancel request"
              question="Cancel this request? It cannot be undone; you would file a new one instead."
              confirmLabel="Yes, cancel it"
              pendingLabel="Cancelling…"
              keepLabel="Keep the request"
              doneMessage="The request was cancelled."
              action={cancelRequestAction.bind(null, request.id)}
            />
          ) : null}
        </div>
      </section>

      {request.medley?.kind === "whole" ? (
        <MedleyParts medley={request.medley} hrefOf={(id) => `/requests/${id}`} />
      ) : null}

      <RequestProgress
        owners={progress.owners}
        estimate={progress.estimate}
        open={progress.open}
        medleyWhole={request.medley?.kind === "whole"}
      />

      {d.invoices.length > 0 ? (
        <section aria-labelledby="invoices-heading" className={cardClass}>
          <h2 id="invoices-heading" className="mb-2 text-lg font-semibold">
            Invoices and payments
          </h2>
          <RequestInvoices invoices={d.invoices} />
        </section>
      ) : null}

      {/* The client's own answers, shown to those who gave them (never to licensees: the view leaves them out). */}
      {request.eligibility ? <EligibilityAnswersPanel eligibility={request.eligibility} /> : null}

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="details-heading" className={cardClass}>
          <h2 id="details-heading" className="mb-3 text-lg font-semibold">
            Details
          </h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Item label="Song">
              {d.song.title}
              <span className="block text-sm text-slate-600">
                {[d.song.originalRecordingArtist, d.song.composer && `composer ${d.song.composer}`]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </Item>
            <Item label="Track">
              Length {formatLength(d.track.lengthInSeconds) ?? "not given yet"}
              {medleyNote ? <span className="block text-sm text-slate-600">{medleyNote}</span> : null}
            </Item>
            <Item label="Album">
              <Link href={`/albums/${d.album.id}`}>{d.album.title}</Link>
              <span className="block text-sm text-slate-600">by {d.album.artist}</span>
            </Item>
            <Item label="Licensee">
              {actions.openLicensee.allowed ? (
                <Link href={`/licensees/${d.licensee.id}`}>{d.licensee.name}</Link>
              ) : (
                d.licensee.name
              )}
            </Item>
            <Item label="Release">
              {release.releaseQuantity.toLocaleString("en-US")} × {release.formatTitle}
              <span className="block text-sm text-slate-600">
                {formatMonth(release.releaseMonth, release.releaseYear)}
              </span>
            </Item>
            <Item label="Royalty">
              <span className="font-semibold">{formatUsd(request.royalty.total)}</span>
              <span className="block text-sm text-slate-600">
                {formatUsd(request.royalty.perUnit)} per unit × {request.royalty.quantity.toLocaleString("en-US")}
              </span>
              {request.royalty.notPayableOwners.map((o) => (
                <span key={o.ownerId} className="block text-sm text-amber-900">
                  {o.ownerName}&apos;s share {formatUsd(o.amount)}: {o.reason}
                </span>
              ))}
              {request.royalty.provisionalReason ? (
                <span className="block text-sm text-amber-800" data-testid="royalty-provisional">
                  Provisional. {request.royalty.provisionalReason}.
                </span>
              ) : null}
            </Item>
            {request.amountDue ? (
              <Item label="Amount due">
                <AmountDueText amount={request.amountDue} />
              </Item>
            ) : null}
          </dl>
          {actions.seeApiIds.allowed ? <ApiIds request={request} /> : null}
        </section>

        <section aria-labelledby="timeline-heading" className={cardClass}>
          <h2 id="timeline-heading" className="mb-4 text-lg font-semibold">
            Timeline
          </h2>
          <TimelineList steps={d.timeline} />
        </section>
      </div>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** Licensees have no API: the ids are for client staff and employees. */
function ApiIds({
  request,
}: {
  request: { id: number; licenseeId: string; albumId: number; trackId: number; releaseId: number };
}) {
  return (
    <>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-700">Ids for the API</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 font-mono text-xs text-slate-700">
        {(
          [
            ["request", request.id],
            ["licenseeId", request.licenseeId],
            ["albumId", request.albumId],
            ["trackId", request.trackId],
            ["releaseId", request.releaseId],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
