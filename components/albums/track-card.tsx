import Link from "@/components/ui/link";
import { EditableField, type SaveChanges } from "@/components/editable-field";
import { formatLength, formatMonth, formatUsd } from "@/lib/formatting";
import { StatusBadge } from "@/components/status-badge";
import { cardClass } from "@/components/ui/styles";
import type { RequestView } from "@/lib/requests/request-view";
import type { ReleaseView } from "@/lib/releases/release-view";
import type { TrackView } from "@/lib/tracks/track-view";

const SONG_LABELS = {
  title: "Song title",
  originalRecordingArtist: "Original recording artist",
  composer: "Composer",
  artist: "Artist",
  arranger: "Arranger",
  notes: "Notes for our research",
} as const;

export function TrackCard({
  track,
  number,
  medleyOf,
  locks,
  requests,
  releases,
  formatTitle,
  save,
}: {
  track: TrackView;
  number: number;
  medleyOf: string | null;
  locks: Record<string, string | null>;
  requests: RequestView[];
  releases: ReleaseView[];
  formatTitle: (formatId: number) => string;
  save: SaveChanges | null;
}) {
  const field = (
    name: string,
    label: string,
    value: string | number | null,
    kind: "text" | "number" | "textarea" = "text",
  ) => (
    <EditableField
      key={name}
      label={label}
      of={`track ${number}`}
      display={kind === "number" ? (formatLength(value as number | null) ?? "") : String(value ?? "")}
      inputs={[
        {
          name,
          label: kind === "number" ? `${label} in seconds` : label,
          value: value === null ? "" : String(value),
          kind,
          numeric: kind === "number",
        },
      ]}
      lock={locks[name] ?? null}
      save={save}
    />
  );
  return (
    <section aria-labelledby={`track-${track.id}`} className={cardClass}>
      <h3 id={`track-${track.id}`} className="font-semibold">
        {number}. {track.song.title}
        {track.medley ? (
          <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-900">
            Medley
          </span>
        ) : null}
      </h3>
      <p className="mb-3 text-xs text-slate-600">
        Track {track.id}
        {medleyOf ? ` · a song part of the medley “${medleyOf}”` : ""}
        {track.medley ? " · as a whole it owes no royalty" : ""}
      </p>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {(Object.keys(SONG_LABELS) as (keyof typeof SONG_LABELS)[]).map((k) =>
          field(`song/${k}`, SONG_LABELS[k], track.song[k], k === "notes" ? "textarea" : "text"),
        )}
        {field("lengthInSeconds", "Length", track.lengthInSeconds, "number")}
        {field("externalTrackId", "Your track id", track.externalTrackId)}
        {field("isrc", "ISRC", track.isrc)}
      </dl>
      <h4 className="mt-4 mb-2 text-sm font-semibold text-slate-700">Requests</h4>
      {requests.length === 0 ? (
        <p className="text-sm text-slate-600">No requests for this track.</p>
      ) : (
        <ul className="space-y-1.5 text-sm">
          {requests.map((r) => {
            const release = releases.find((rel) => rel.id === r.releaseId);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link href={`/requests/${r.id}`} className="underline">
                  Request #{r.id}
                </Link>
                <StatusBadge code={r.status.code} />
                {release ? (
                  <span className="text-slate-600">
                    {formatTitle(release.formatId)}, {formatMonth(release.releaseMonth, release.releaseYear)}
                  </span>
                ) : null}
                <span className="tabular-nums text-slate-700">
                  {formatUsd(r.royalty.total)} royalty
                  {r.royalty.provisionalReason ? (
                    <span title={r.royalty.provisionalReason} className="text-amber-800">
                      {" "}
                      (provisional)
                    </span>
                  ) : null}
                </span>
                {r.amountDue ? (
                  <span className="tabular-nums text-slate-700">
                    {r.amountDue.credited !== "0.00"
                      ? `· ${formatUsd(r.amountDue.credited)} credited, nothing due`
                      : `· ${formatUsd(r.amountDue.total)} due with the fee${r.amountDue.paid ? ", paid" : ""}`}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
