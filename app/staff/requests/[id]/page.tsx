import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ActionButton } from "@/components/action-button";
import { AssignmentPanel } from "@/components/staff/assignment-panel";
import { CatalogLinkPanel } from "@/components/staff/catalog-link-panel";
import { ChangedSinceReady } from "@/components/staff/changed-since-ready";
import { CostsList } from "@/components/staff/costs-list";
import { AcceptancesTable } from "@/components/staff/acceptances-table";
import { NoticesTable } from "@/components/staff/notices-table";
import { RequestInvoices } from "@/components/money/request-invoices";
import { EligibilityAnswersPanel } from "@/components/requests/eligibility-answers";
import { LicensingBlocked } from "@/components/requests/licensing-blocked";
import { MedleyParts } from "@/components/requests/medley-parts";
import { RequestFacts } from "@/components/staff/request-facts";
import { StatusForm } from "@/components/staff/status-form";
import { TimelineList } from "@/components/staff/timeline-list";
import { StatusBadge } from "@/components/status-badge";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { orNotFound } from "@/lib/forms/or-not-found";
import { pathId } from "@/lib/http/responses";
import { isStreamFormat } from "@/lib/releases/stream-outlets";
import type { StatusCode } from "@/lib/requests/statuses";
import { searchSongs } from "@/lib/songs/search-songs";
import { getRequestWorkspace } from "@/lib/staff/request-workspace";
import {
  acknowledgeChangesAction,
  assignRequestAction,
  changeStatusAction,
  claimRequestAction,
  fastTrackReorderAction,
} from "./actions";

/** What a status means for the employee's next step, shown whether or not another move is offered. */
const STATUS_HINTS: Partial<Record<StatusCode, string>> = {
  in_progress:
    "Licensing is in progress: mark each notice served below; the last one licenses the request once its length is known and paid for.",
  licensed: "Licensed: every owner has been served and the license document is ready.",
};

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Request #${(await params).id}` };
}

export default async function StaffRequestPage({ params, searchParams }: Props) {
  const { user, actor } = await requireStaffPage();
  const db = await getDb();
  const { id } = await params;
  const workspace = await orNotFound(() => getRequestWorkspace(db, actor, pathId(id, "Request")));
  // Streams are licensed by the owners' acceptances, every other format by notices of intention.
  const streams = isStreamFormat(workspace.facts.release.formatId);
  const raw = (await searchParams).q;
  const query = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 200) ?? "";
  const results = query ? (await searchSongs(db, actor, { q: query, offset: 0, limit: 10 })).items : null;
  const { request, actions } = workspace;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Request #{request.id}</h1>
        <StatusBadge code={request.status.code} />
        {actions.downloadLicense.allowed ? (
          <a
            href={`/api/requests/${request.id}/license`}
            className="rounded-md border border-indigo-700 px-3 py-1 text-sm font-medium"
          >
            Download license (PDF)
          </a>
        ) : null}
        <Link href="/staff/queue" className="ml-auto text-sm">
          Back to the queue
        </Link>
      </div>
      <p className="text-sm text-slate-700">{request.status.description}</p>
      <LicensingBlocked blockers={request.licensingBlockedBy} albumHref={null} billingHref={null} staff />
      {request.changedSinceReady ? (
        <ChangedSinceReady
          change={request.changedSinceReady}
          acknowledge={acknowledgeChangesAction.bind(null, request.id)}
        />
      ) : null}
      <section aria-label="Assignment" className="rounded-lg border border-slate-200 bg-white p-4">
        <AssignmentPanel
          assignee={workspace.assignee}
          me={user.id}
          employees={workspace.employees}
          claim={claimRequestAction.bind(null, request.id)}
          assign={assignRequestAction.bind(null, request.id)}
        />
      </section>
      <RequestFacts workspace={workspace} />
      <EligibilityAnswersPanel eligibility={request.eligibility} />
      <CatalogLinkPanel
        requestId={request.id}
        linkedSong={workspace.linkedSong}
        linkLocked={workspace.linkLocked}
        suggestions={workspace.suggestions}
        query={query}
        results={results}
      />
      {request.medley?.kind === "whole" ? (
        <MedleyParts medley={request.medley} hrefOf={(id) => `/staff/requests/${id}`} />
      ) : null}
      <section aria-labelledby="status-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="status-heading" className="mb-3 text-lg font-semibold">
          Status
        </h2>
        {STATUS_HINTS[request.status.code] ? (
          <p className="mb-3 text-sm text-slate-700">{STATUS_HINTS[request.status.code]}</p>
        ) : null}
        {workspace.fastTrack === null ? (
          <div className="mb-4 flex flex-wrap items-center gap-3 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950">
            <span>A reorder of a licensed track: its song link carries over, so it can go straight to payment.</span>
            <ActionButton
              action={fastTrackReorderAction.bind(null, request.id)}
              label="Ready and ask for payment"
              pendingLabel="Moving…"
            />
          </div>
        ) : null}
        {actions.changeStatus.allowed ? (
          <StatusForm
            requestId={request.id}
            headingId="status-heading"
            nextStatuses={actions.changeStatus.nextStatuses}
            action={changeStatusAction}
            needsOverride={workspace.eligibilityNeedsOverride}
          />
        ) : STATUS_HINTS[request.status.code] ? null : (
          <p className="text-sm text-slate-700">{actions.changeStatus.reason}</p>
        )}
      </section>
      {workspace.invoices.length > 0 ? (
        <section aria-labelledby="invoices-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="invoices-heading" className="mb-3 text-lg font-semibold">
            Invoices and payments
          </h2>
          <RequestInvoices invoices={workspace.invoices} staff />
        </section>
      ) : null}
      <section aria-labelledby="notices-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="notices-heading" className="mb-3 text-lg font-semibold">
          {streams ? "Owners' acceptances (stream license)" : "Notices of intention"}
        </h2>
        {streams ? (
          <AcceptancesTable requestId={request.id} owners={workspace.notices} days={workspace.servingDays} />
        ) : (
          <NoticesTable
            requestId={request.id}
            notices={workspace.notices}
            physical={workspace.facts.formatPhysical}
            serving={{ days: workspace.servingDays, songId: workspace.linkedSong?.id ?? null }}
          />
        )}
      </section>
      {workspace.costs.length > 0 ? (
        <section aria-labelledby="costs-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="costs-heading" className="mb-3 text-lg font-semibold">
            Costs paid for this request
          </h2>
          <CostsList costs={workspace.costs} />
        </section>
      ) : null}
      <section aria-labelledby="timeline-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="timeline-heading" className="mb-3 text-lg font-semibold">
          Timeline
        </h2>
        <TimelineList steps={workspace.timeline} />
      </section>
    </div>
  );
}
