import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { formatDate, formatDateTime } from "@/lib/formatting";
import { LicenseeForm } from "@/components/licensees/licensee-form";
import { LICENSEE_LABELS } from "@/lib/forms/field-labels";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass, cardClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { listAlbums } from "@/lib/albums/list-albums";
import { requireActor } from "@/lib/auth/session";
import { pathUuid } from "@/lib/http/responses";
import { getLicensee } from "@/lib/licensees/get-licensee";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { orNotFound } from "@/lib/forms/or-not-found";
import { LICENSEE_FIELDS } from "@/lib/licensees/fields";
import { patchLicenseeAction } from "./actions";

export const metadata: Metadata = { title: "Licensee" };

export default async function LicenseePage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireActor();
  const { id } = await params;
  const db = await getDb();
  const licensee = await orNotFound(() => getLicensee(db, actor, pathUuid(id, "Licensee")));
  const albums = await listAlbums(db, actor, { licenseeId: licensee.id });
  const initial = Object.fromEntries(LICENSEE_FIELDS.map((f) => [f, licensee[f] ?? ""])) as Record<
    (typeof LICENSEE_FIELDS)[number],
    string
  >;
  return (
    <div className="space-y-6">
      <PageHeader
        title={licenseeName(licensee)}
        description={`Licensee since ${formatDate(licensee.dateAdded)}`}
        actions={
          actor.kind === "client" ? (
            <Link href={`/requests?licensee=${licensee.id}`} className={buttonClass.secondary}>
              Their requests
            </Link>
          ) : null
        }
      />
      {actor.kind === "licensee" ? (
        <section className={cardClass} aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="mb-3 text-lg font-semibold">
            Contact details
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            {LICENSEE_FIELDS.filter((f) => licensee[f]).map((f) => (
              <div key={f}>
                <dt className="text-xs font-medium text-slate-600 uppercase">{LICENSEE_LABELS[f]}</dt>
                <dd>{licensee[f]}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : (
        <LicenseeForm initial={initial} save={patchLicenseeAction.bind(null, licensee.id)} />
      )}
      <section className={cardClass} aria-labelledby="agency-heading">
        <h2 id="agency-heading" className="mb-2 text-lg font-semibold">
          CoverDesk&apos;s authority as agent
        </h2>
        <p className="max-w-prose text-sm">
          {licensee.agentAuthorizedAt
            ? `Authorized CoverDesk to serve notices of intention as its agent on ${formatDateTime(licensee.agentAuthorizedAt)}, given by ${licensee.agentAuthorizedBy ?? "the filing client"} when this licensee was created. Notices are signed "CoverDesk, authorized agent for ${licenseeName(licensee)}".`
            : "No authorization of CoverDesk as agent is recorded."}
        </p>
      </section>
      <section aria-labelledby="albums-heading">
        <h2 id="albums-heading" className="mb-3 text-lg font-semibold">
          Albums
        </h2>
        {albums.length === 0 ? (
          <EmptyState title="No albums yet.">
            {actor.kind === "client" ? <Link href="/requests/new">File a request for this licensee</Link> : null}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {albums.map((a) => (
              <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                <Link href={`/albums/${a.id}`} className="font-medium">
                  {a.title}
                </Link>
                <span className="text-sm text-slate-600">
                  {a.artist} · {a.trackCount} {a.trackCount === 1 ? "track" : "tracks"} · {formatDate(a.dateAdded)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
