import { EditableField, type SaveChanges } from "@/components/editable-field";
import { formatDay, formatMonth, monthName } from "@/lib/formatting";
import { cardClass } from "@/components/ui/styles";
import type { ReleaseView } from "@/lib/releases/release-view";

export function ReleaseCard({
  release,
  formats,
  trackTitles,
  locks,
  save,
}: {
  release: ReleaseView;
  formats: { id: number; title: string; physical: boolean }[];
  trackTitles: string[];
  locks: Record<string, string | null>;
  save: SaveChanges | null;
}) {
  const years = Array.from({ length: 4 }, (_, i) => release.releaseYear - 1 + i);
  const format = formats.find((f) => f.id === release.formatId);
  return (
    <section aria-labelledby={`release-${release.id}`} className={cardClass}>
      <h3 id={`release-${release.id}`} className="font-semibold">
        {format?.title ?? `Format ${release.formatId}`}, {formatMonth(release.releaseMonth, release.releaseYear)}
      </h3>
      <p className="mb-3 text-xs text-slate-600">
        Release {release.id} · carries {trackTitles.length} {trackTitles.length === 1 ? "track" : "tracks"}
        {trackTitles.length ? `: ${trackTitles.join(", ")}` : ""}
      </p>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <EditableField
          label="Format"
          of={`release ${release.id}`}
          display={format?.title ?? String(release.formatId)}
          inputs={[
            {
              name: "formatId",
              label: "Format",
              value: String(release.formatId),
              kind: "select",
              numeric: true,
              options: formats.map((f) => ({ value: String(f.id), label: f.title })),
            },
          ]}
          lock={locks.formatId ?? null}
          save={save}
        />
        <EditableField
          label="Quantity"
          of={`release ${release.id}`}
          display={release.releaseQuantity.toLocaleString("en-US")}
          inputs={[
            {
              name: "releaseQuantity",
              label: "Quantity",
              value: String(release.releaseQuantity),
              kind: "number",
              numeric: true,
            },
          ]}
          lock={locks.releaseQuantity ?? null}
          save={save}
        />
        <EditableField
          label="Release month"
          of={`release ${release.id}`}
          display={formatMonth(release.releaseMonth, release.releaseYear)}
          inputs={[
            {
              name: "releaseMonth",
              label: "Month",
              value: String(release.releaseMonth),
              kind: "select",
              numeric: true,
              options: Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1) })),
            },
            {
              name: "releaseYear",
              label: "Year",
              value: String(release.releaseYear),
              kind: "select",
              numeric: true,
              options: years.map((y) => ({ value: String(y), label: String(y) })),
            },
          ]}
          lock={locks.releaseMonth ?? null}
          save={save}
        />
        <EditableField
          label="Expected outlets of distribution"
          of={`release ${release.id}`}
          display={release.expectedOutletsOfDistribution ?? ""}
          inputs={[
            {
              name: "expectedOutletsOfDistribution",
              label: "Expected outlets of distribution",
              value: release.expectedOutletsOfDistribution ?? "",
              kind: "textarea",
            },
          ]}
          lock={locks.expectedOutletsOfDistribution ?? null}
          save={save}
        />
        <EditableField
          label="Label"
          of={`release ${release.id}`}
          display={release.label ?? ""}
          inputs={[{ name: "label", label: "Label", value: release.label ?? "" }]}
          lock={locks.label ?? null}
          save={save}
        />
        <EditableField
          label="Catalog number"
          of={`release ${release.id}`}
          display={release.catalogNumber ?? ""}
          inputs={[{ name: "catalogNumber", label: "Catalog number", value: release.catalogNumber ?? "" }]}
          lock={locks.catalogNumber ?? null}
          save={save}
        />
        {format?.physical ? (
          <EditableField
            label="Manufacture date"
            of={`release ${release.id}`}
            display={release.manufactureDate ? formatDay(release.manufactureDate, "long") : ""}
            inputs={[
              {
                name: "manufactureDate",
                label: "Manufacture date",
                value: release.manufactureDate ?? "",
                kind: "date",
              },
            ]}
            lock={locks.manufactureDate ?? null}
            save={save}
          />
        ) : null}
      </dl>
    </section>
  );
}
