import {
  markOwnerIdentifiedAction,
  markOwnerNotFoundAction,
  serveNoticeAction,
} from "@/app/staff/requests/[id]/actions";
import { ServeNoticeForm } from "@/components/staff/serve-notice-form";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { formatDateTime, formatDay, formatUsd } from "@/lib/formatting";
import { NO_FILING_FOR_DIGITAL } from "@/lib/licensing/copyright-office";
import { letterRefusal } from "@/lib/licensing/letter-address";
import type { NoticeView } from "@/lib/licensing/list-notices";
import { NOTICE_METHOD_LABELS } from "@/lib/licensing/notice-methods";

type Days = { filedOn: string; today: string };

/** The notice letter's link, or why it cannot be printed (the owner has no postal address for it). */
function LetterLink({ requestId, notice: n }: { requestId: number; notice: NoticeView }) {
  const refusal = letterRefusal({ ownerName: n.ownerName, postalAddress: n.ownerPostalAddress, method: n.method });
  if (refusal) return <p className="max-w-prose text-sm text-amber-900">{refusal}</p>;
  return (
    <a href={`/api/requests/${requestId}/owners/${n.ownerId}/notice.pdf`} className="block text-sm underline">
      Notice letter (PDF) for {n.ownerName}
    </a>
  );
}
/**
 * An owner marked not found whose share is not payable, and the button to record them identified after all (their share
 * is then invoiced as a top-up and paid to them).
 */
function NotPayableShare({ requestId, notice: n }: { requestId: number; notice: NoticeView }) {
  if (!n.ownerNotFound || n.ownerIdentified) return null;
  return (
    <div className="space-y-1">
      <p className="text-amber-900">Share {n.share}% not payable: owner not identified.</p>
      <ConfirmAction
        label="Owner identified"
        accessibleLabel={`Owner identified after all: ${n.ownerName}`}
        question={`${n.ownerName} is identified now? Their share is payable from now on: the client is invoiced it as a top-up, and once paid it goes to ${n.ownerName}.`}
        confirmLabel="Yes, identified"
        pendingLabel="Saving…"
        keepLabel="Keep"
        doneMessage={`${n.ownerName} is identified: their share is payable from now on.`}
        action={markOwnerIdentifiedAction.bind(null, requestId, n.ownerId)}
      />
    </div>
  );
}

/** How a notice can be served: the days allowed and the song where the owners' contact details are kept. */
type Serving = { days: Days; songId: number | null };

/** What to do with a notice not served yet, by its route. */
function OpenNotice({
  requestId,
  notice: n,
  physical,
  serving,
}: {
  requestId: number;
  notice: NoticeView;
  physical: boolean;
  serving: Serving;
}) {
  if (n.route === "none") {
    return (
      <div className="space-y-2">
        <p className="max-w-prose text-amber-900">
          Owner not in the Copyright Office&apos;s records. {NO_FILING_FOR_DIGITAL} This request cannot be licensed on
          this share: move it to “Cannot license”.
        </p>
        <NotPayableShare requestId={requestId} notice={n} />
      </div>
    );
  }
  const serve = (
    <ServeNoticeForm
      ownerName={n.ownerName}
      owner={{
        email: n.ownerEmail,
        noticeEmailDesignated: n.ownerNoticeEmailDesignated,
        postalAddress: n.ownerPostalAddress,
      }}
      toOffice={n.route === "copyright_office"}
      dueOn={n.dueOn}
      days={serving.days}
      songHref={`/staff/songs/${serving.songId}`}
      action={serveNoticeAction.bind(null, requestId, n.ownerId)}
    />
  );
  if (n.route === "copyright_office") {
    return (
      <div className="space-y-2">
        <p>
          Owner not in the Copyright Office&apos;s records: file the notice with the Office
          {n.filingFee
            ? ` (fee ${formatUsd(n.filingFee)} for the title, billed to the client)`
            : " (on the title's filing)"}
          .{" "}
          <a href={`/api/requests/${requestId}/owners/${n.ownerId}/filing`} className="underline">
            Filing document (PDF) for {n.ownerName}
          </a>
        </p>
        {serve}
        <NotPayableShare requestId={requestId} notice={n} />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {serve}
      <LetterLink requestId={requestId} notice={n} />
      <ConfirmAction
        label="Owner not found"
        accessibleLabel={`Owner not in the Copyright Office's records: ${n.ownerName}`}
        question={
          physical
            ? `${n.ownerName} is not in the Copyright Office's records? The notice is then filed with the Office instead, and its filing fee is billed to the client once for the title; the owner's share is not payable until they are identified.`
            : `${n.ownerName} is not in the Copyright Office's records? This release is digital: ${NO_FILING_FOR_DIGITAL} The request cannot be licensed on this share.`
        }
        confirmLabel="Yes, not in the records"
        pendingLabel="Saving…"
        keepLabel="Keep"
        doneMessage={`${n.ownerName} is marked as not in the Copyright Office's records.`}
        action={markOwnerNotFoundAction.bind(null, requestId, n.ownerId)}
      />
    </div>
  );
}

/** How a served notice went: by mail with its carrier, by email to which address, or the Office's receipt. */
function servedHow(n: NoticeView): string | null {
  if (n.method === "mail" && n.carrier)
    return `Carrier: ${n.carrier}${n.trackingNumber ? `, tracking number ${n.trackingNumber}` : ", no tracking number"}`;
  // The address on file today: the one the notice went to is in the request's audit trail.
  if (n.method === "email" && n.ownerEmail) return `Email address: ${n.ownerEmail}`;
  if (n.method === "copyright_office" && n.filingReference) return `Filing reference: ${n.filingReference}`;
  return null;
}

/**
 * A served notice: the day and way it was served (carrier and tracking number, email address, filing reference), who
 * recorded it and when, the attestation of a late one, its note, and its letter.
 */
function ServedNotice({ requestId, notice: n }: { requestId: number; notice: NoticeView }) {
  const what =
    n.method === "copyright_office" || (n.method === null && n.route === "copyright_office")
      ? "Filed with the Copyright Office"
      : `Served ${n.method ? NOTICE_METHOD_LABELS[n.method] : ""}`;
  const how = servedHow(n);
  return (
    <div className="space-y-1">
      <p>
        {what} {n.servedOn ? `on ${formatDay(n.servedOn)}` : formatDateTime(n.servedAt!)}
        <span className="text-slate-700">
          {" "}
          (recorded {formatDateTime(n.servedAt!)} by {n.servedBy})
        </span>
      </p>
      {how ? <p className="text-slate-700">{how}</p> : null}
      {n.lateAttestation ? (
        <p className="rounded bg-amber-50 px-2 py-1 text-amber-950">
          Served late (due by {formatDay(n.lateAttestation.dueOn)}). {n.servedBy} attested that no copy was distributed
          before it and none was made more than 30 days before it: {n.lateAttestation.note}
        </p>
      ) : null}
      {n.note ? <p className="text-slate-700">Note: {n.note}</p> : null}
      {n.route === "owner" ? <LetterLink requestId={requestId} notice={n} /> : null}
      <NotPayableShare requestId={requestId} notice={n} />
    </div>
  );
}

/**
 * The notices of intention of a request in licensing: one per owner share, each with the day it is due (a notice
 * served late forecloses the compulsory license), marked served by hand, or filed with the Copyright Office when its
 * records do not identify the owner (physical releases only).
 */
export function NoticesTable({
  requestId,
  notices,
  physical,
  serving,
}: {
  requestId: number;
  notices: NoticeView[];
  physical: boolean;
  serving: Serving;
}) {
  if (notices.length === 0) {
    return (
      <p className="text-sm text-slate-700">Notices are created when licensing begins (“Licensing in progress”).</p>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Notices of intention</caption>
      <thead className="bg-slate-100 text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2">
            Owner
          </th>
          <th scope="col" className="px-3 py-2">
            Share
          </th>
          <th scope="col" className="px-3 py-2">
            Due
          </th>
          <th scope="col" className="px-3 py-2">
            Notice
          </th>
        </tr>
      </thead>
      <tbody>
        {notices.map((n) => (
          <tr key={n.ownerId} className="border-t border-slate-100 align-top">
            <td className="px-3 py-2">{n.ownerName}</td>
            <td className="px-3 py-2">{n.share}%</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {formatDay(n.dueOn)}
              {n.overdue ? (
                <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900">Overdue</span>
              ) : null}
            </td>
            <td className="px-3 py-2">
              {n.servedAt ? (
                <ServedNotice requestId={requestId} notice={n} />
              ) : (
                <OpenNotice requestId={requestId} notice={n} physical={physical} serving={serving} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
