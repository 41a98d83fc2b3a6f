import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ReleaseCard } from "@/components/albums/release-card";
import { TrackCard } from "@/components/albums/track-card";
import { SalesSection } from "@/components/sales/sales-section";
import { EditableField } from "@/components/editable-field";
import { AlbumInvoiceForm } from "@/components/money/album-invoice-form";
import { ArrivalNotice } from "@/components/ui/after-action";
import { formatDate, formatMonth, formatUsd } from "@/lib/formatting";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass, cardClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { getAlbumOverview } from "@/lib/album-overview/get-album-overview";
import { requireActor } from "@/lib/auth/session";
import { pathId } from "@/lib/http/responses";
import { orNotFound } from "@/lib/forms/or-not-found";
import { getAlbumSales } from "@/lib/sales/get-album-sales";
import { patchAlbumAction, patchReleaseAction, patchTrackAction } from "./actions";
import { reorderShortfallAction, uploadSalesAction } from "./sales-actions";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ filed?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Album ${(await params).id}` };
}

export default async function AlbumPage({ params, searchParams }: Props) {
  const { actor } = await requireActor();
  const [{ id }, { filed }] = await Promise.all([params, searchParams]);
  const db = await getDb();
  const [o, sales] = await orNotFound(() => {
    const albumId = pathId(id, "Album");
    return Promise.all([getAlbumOverview(db, actor, albumId), getAlbumSales(db, actor, albumId)]);
  });
  const { album, actions } = o;
  const filedCount = Number(filed);
  const formatTitle = (formatId: number) => o.formats.find((f) => f.id === formatId)?.title ?? `Format ${formatId}`;
  const titleOf = new Map(album.tracks.map((t) => [t.id, t.song.title]));
  const albumSave = actions.edit.allowed ? patchAlbumAction.bind(null, album.id) : null;

  return (
    <div className="space-y-8">
      {Number.isInteger(filedCount) && filedCount > 0 ? (
        <p className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-950 [&_a]:underline">
          <ArrivalNotice
            message={`${filedCount === 1 ? "1 request" : `${filedCount} requests`} filed; this is the album's page.`}
          />
          {filedCount === 1 ? "Your request was filed." : `Your ${filedCount} requests were filed.`} We research each
          song&apos;s copyright owners next; follow their status here or in <Link href="/requests">Requests</Link>.
        </p>
      ) : null}
      <PageHeader
        title={album.title}
        description={
          <>
            by {album.artist} · licensee{" "}
            {actions.openLicensee.allowed ? (
              <Link href={`/licensees/${o.licensee.id}`}>{o.licensee.name}</Link>
            ) : (
              o.licensee.name
            )}{" "}
            · added {formatDate(album.dateAdded)}
          </>
        }
        actions={
          <>
            {actions.reorder.allowed ? (
              <Link href={`/albums/${album.id}/reorder`} className={buttonClass.primary}>
                License more units
              </Link>
            ) : null}
            <Link href={`/albums/${album.id}/wall`} className={buttonClass.secondary}>
              Album wall
            </Link>
          </>
        }
      />

      <section aria-labelledby="album-heading" className={cardClass}>
        <h2 id="album-heading" className="mb-3 text-lg font-semibold">
          Album
        </h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {(["title", "artist"] as const).map((field) => (
            <EditableField
              key={field}
              label={field === "title" ? "Title" : "Artist"}
              of="the album"
              display={album[field]}
              inputs={[{ name: field, label: field === "title" ? "Title" : "Artist", value: album[field] }]}
              lock={o.locks.album[field] ?? null}
              save={albumSave}
            />
          ))}
        </dl>
        <p className="mt-3 text-xs text-slate-600">Album {album.id}</p>
      </section>

      {o.owing.length > 0 || o.onOpenInvoices.length > 0 ? (
        <section aria-labelledby="album-payment-heading" className={cardClass}>
          <h2 id="album-payment-heading" className="text-lg font-semibold">
            Payment needed
          </h2>
          {o.onOpenInvoices.length > 0 ? (
            <ul className="mb-3 space-y-1 text-slate-700">
              {o.onOpenInvoices.map((l) => (
                <li key={`${l.invoiceId}-${l.id}`}>
                  #{l.id} {formatUsd(l.amount)}
                  {l.topUp ? " (top-up)" : ""} on invoice{" "}
                  <a className="underline" href={`/api/invoices/${l.invoiceId}/pdf`}>
                    {l.invoiceNumber} (PDF)
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {o.owing.length > 0 ? (
            <>
              <p className="mb-3 text-slate-700">
                {o.owing.length === 1 ? "1 request of this album is" : `${o.owing.length} requests of this album are`}{" "}
                waiting for an invoice:{" "}
                {o.owing.map((r) => `#${r.id} ${formatUsd(r.total)}${r.topUp ? " (top-up)" : ""}`).join(", ")}.
              </p>
              <AlbumInvoiceForm albumId={album.id} albumTitle={album.title} />
            </>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="tracks-heading">
        <h2 id="tracks-heading" className="mb-3 text-lg font-semibold">
          Tracks
        </h2>
        {album.tracks.length === 0 ? (
          <EmptyState title="No tracks on this album yet." />
        ) : (
          <ol className="space-y-4">
            {album.tracks.map((track, i) => (
              <li key={track.id}>
                <TrackCard
                  track={track}
                  number={i + 1}
                  medleyOf={track.medleyTrackId ? (titleOf.get(track.medleyTrackId) ?? null) : null}
                  locks={o.locks.tracks.get(track.id) ?? {}}
                  requests={o.requests.filter((r) => r.trackId === track.id)}
                  releases={album.releases}
                  formatTitle={formatTitle}
                  save={actions.edit.allowed ? patchTrackAction.bind(null, album.id, track.id) : null}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      {sales ? (
        <SalesSection
          sales={sales}
          releases={album.releases.map((r) => ({
            id: r.id,
            label: `Release ${r.id}: ${formatTitle(r.formatId)}, ${formatMonth(r.releaseMonth, r.releaseYear)}`,
          }))}
          trackTitle={(trackId) => titleOf.get(trackId) ?? `Track ${trackId}`}
          formatTitle={formatTitle}
          upload={actions.uploadSales.allowed ? uploadSalesAction.bind(null, album.id) : null}
          reorder={
            actions.reorderShortfall.allowed
              ? (formatId) => reorderShortfallAction.bind(null, album.id, formatId)
              : null
          }
        />
      ) : null}

      <section aria-labelledby="releases-heading">
        <h2 id="releases-heading" className="mb-3 text-lg font-semibold">
          Releases
        </h2>
        {album.releases.length === 0 ? (
          <EmptyState title="No releases on this album yet." />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {album.releases.map((release) => {
              const viaTrack = o.releaseTrack.get(release.id);
              return (
                <li key={release.id}>
                  <ReleaseCard
                    release={release}
                    formats={o.formats}
                    trackTitles={album.tracks
                      .filter((t) => t.releases.some((r) => r.id === release.id))
                      .map((t) => t.song.title)}
                    locks={o.locks.releases.get(release.id) ?? {}}
                    save={
                      actions.edit.allowed && viaTrack
                        ? patchReleaseAction.bind(null, album.id, viaTrack, release.id)
                        : null
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
