import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ReorderForm } from "@/components/albums/reorder-form";
import { emptyRelease } from "@/components/request-wizard/wizard-values";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { getAlbumOverview } from "@/lib/album-overview/get-album-overview";
import { requireActor } from "@/lib/auth/session";
import { serviceDate, serviceTimeZone } from "@/lib/clock";
import { orNotFound } from "@/lib/forms/or-not-found";
import { pathId } from "@/lib/http/responses";
import { currentFeeSchedule } from "@/lib/money/fee-schedule";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { reorderAction } from "./actions";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ release?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `License more units · Album ${(await params).id}` };
}

/** "License more units" of an album: a new release for every track, prefilled from an earlier release (`?release=`). */
export default async function ReorderPage({ params, searchParams }: Props) {
  const { actor } = await requireActor();
  const [{ id }, { release: from }] = await Promise.all([params, searchParams]);
  const db = await getDb();
  const [{ album, actions }, rateTable, fees] = await Promise.all([
    orNotFound(() => getAlbumOverview(db, actor, pathId(id, "Album"))),
    loadRateTable(db),
    currentFeeSchedule(db),
  ]);
  // Reorders are client staff's, of an album with tracks (lib/album-overview/album-actions.ts); others are not offered the page.
  const [first] = album.tracks;
  if (!actions.reorder.allowed || !first) notFound();
  const earlier = album.releases.find((r) => String(r.id) === from) ?? album.releases.at(-1);
  const initial = {
    ...emptyRelease(),
    ...(earlier && {
      formatId: String(earlier.formatId),
      releaseQuantity: String(earlier.releaseQuantity),
      expectedOutletsOfDistribution: earlier.expectedOutletsOfDistribution ?? "",
      // More of the same product: its label and catalog number; a new pressing has a manufacture date of its own.
      label: earlier.label ?? "",
      catalogNumber: earlier.catalogNumber ?? "",
    }),
  };
  const tracks = album.tracks.map((t, i) => ({
    key: String(t.id),
    label: `Track ${i + 1}${t.medley ? " (medley as a whole)" : ""}`,
    title: t.song.title,
    length: t.lengthInSeconds,
    medleyWhole: t.medley,
  }));
  return (
    <div className="mx-auto max-w-4xl">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href={`/albums/${album.id}`}>← Album “{album.title}”</Link>
      </nav>
      <PageHeader
        title="License more units"
        description={`A new release of “${album.title}”: one new request for each of its ${tracks.length === 1 ? "track" : `${tracks.length} tracks`}, prefilled from the earlier release.`}
      />
      <ReorderForm
        albumId={album.id}
        initial={initial}
        tracks={tracks}
        rateTable={rateTable}
        feeSchedule={{ songFee: fees.songFee, reorderBasisPoints: fees.reorderBasisPoints }}
        today={serviceDate()}
        timeZone={serviceTimeZone()}
        reorder={reorderAction.bind(null, album.id, first.id)}
      />
    </div>
  );
}
