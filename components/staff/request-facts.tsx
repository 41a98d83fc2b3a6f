import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { licenseeName } from "@/lib/licensees/licensee-name";
import type { RequestWorkspace } from "@/lib/staff/request-workspace";
import { formatDate, formatDay, formatLength, formatUsd, monthName } from "@/lib/formatting";

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd>
            {value === null || value === undefined || value === "" ? <span className="text-slate-500">—</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The request as filed: who, which recording, which release, what it costs, and the song fields the client gave. */
export function RequestFacts({ workspace }: { workspace: RequestWorkspace }) {
  const { request, facts } = workspace;
  const { track, release, album, licensee } = facts;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="facts-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="facts-heading" className="mb-3 text-lg font-semibold">
          Request
        </h2>
        <Facts
          rows={[
            ["Client account", facts.accountName],
            [
              "Licensee",
              <Link key="licensee" href={`/licensees/${licensee.id}`} className="underline">
                {licenseeName(licensee)}
              </Link>,
            ],
            [
              "Album",
              <span key="album">
                <Link href={`/albums/${album.id}`} className="underline">
                  {album.title}
                </Link>{" "}
                by {album.artist} ·{" "}
                <Link href={`/albums/${album.id}/wall`} className="underline">
                  Album wall
                </Link>
              </span>,
            ],
            ["Track", `#${track.id}${track.externalTrackId ? ` (${track.externalTrackId})` : ""}`],
            ["Length", formatLength(track.lengthInSeconds)],
            [
              "Release",
              `#${release.id}, ${facts.formatTitle}, ${monthName(release.releaseMonth)} ${release.releaseYear}`,
            ],
            ["Outlets of distribution", release.expectedOutletsOfDistribution],
            ["Label", release.label],
            ["Catalog number", release.catalogNumber],
            ["Manufacture date", release.manufactureDate ? formatDay(release.manufactureDate, "long") : null],
            ["Quantity", release.releaseQuantity.toLocaleString("en-US")],
            [
              "Royalty",
              `${formatUsd(request.royalty.perUnit)} per unit, ${formatUsd(request.royalty.total)} in total` +
                (request.royalty.provisionalReason ? ` (provisional: ${request.royalty.provisionalReason})` : ""),
            ],
            ["Kind", request.kind === "reorder" ? "Reorder" : "Initial request"],
            ["Filed", formatDate(request.dateAdded)],
          ]}
        />
      </section>
      <section aria-labelledby="filed-song-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="filed-song-heading" className="mb-3 text-lg font-semibold">
          Song as filed
        </h2>
        <Facts
          rows={[
            ["Title", track.songTitle],
            ["Original artist", track.songOriginalRecordingArtist],
            ["Composer", track.songComposer],
            ["Artist", track.songArtist],
            ["Arranger", track.songArranger],
            ["Notes", track.songNotes],
            [
              "Medley",
              track.medley
                ? "Yes, the medley as a whole"
                : track.medleyTrackId
                  ? `Part of medley track #${track.medleyTrackId}`
                  : "No",
            ],
          ]}
        />
      </section>
    </div>
  );
}
