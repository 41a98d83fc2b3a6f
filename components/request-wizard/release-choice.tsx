"use client";

import { useWatch } from "react-hook-form";
import { formatMonth } from "@/lib/formatting";
import { ChoiceCard, useFieldError } from "./form-fields";
import type { AlbumOption, ReleaseOption } from "./use-licensee-albums";
import type { ReleaseValues, WizardValues } from "./wizard-values";

const releaseLabel = (r: ReleaseOption) =>
  `${r.releaseQuantity.toLocaleString("en-US")} × ${r.formatTitle}, ${formatMonth(r.releaseMonth, r.releaseYear)}`;

/** The chosen existing release as the release step's values (for the royalty estimate). */
export const releaseValuesOf = (r: ReleaseOption): ReleaseValues => ({
  formatId: String(r.formatId),
  releaseQuantity: String(r.releaseQuantity),
  dateMode: "chosen",
  releaseMonth: String(r.releaseMonth),
  releaseYear: String(r.releaseYear),
  expectedOutletsOfDistribution: r.expectedOutletsOfDistribution ?? "",
  label: "",
  catalogNumber: "",
  manufactureDate: "",
});

/**
 * On an existing album: put the new tracks on a new release or join one of the album's releases. Only releases
 * whose licensing has not begun and whose month is still open can be chosen; the others say why.
 */
export function ReleaseChoice({ album }: { album: AlbumOption }) {
  const mode = useWatch<WizardValues, "releaseMode">({ name: "releaseMode" });
  const error = useFieldError("releaseId");
  return (
    <div className="mb-5 space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Which release do the new tracks go on?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceCard
            name="releaseMode"
            value="new"
            label="A new release"
            description="Its own format, units and month."
          />
          <ChoiceCard
            name="releaseMode"
            value="existing"
            label="An existing release"
            description={`Join a release of “${album.title}”.`}
          />
        </div>
      </fieldset>
      {mode === "existing" ? (
        <fieldset aria-describedby={error ? "release-choice-error" : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Release</legend>
          <div className="space-y-2">
            {album.releases.map((r) => (
              <ChoiceCard
                key={r.id}
                name="releaseId"
                value={String(r.id)}
                label={releaseLabel(r)}
                description={r.refusal ? `Cannot be joined: ${r.refusal}.` : "Open: the new tracks join this release."}
                disabled={r.refusal !== null}
              />
            ))}
          </div>
          {error ? (
            <p id="release-choice-error" role="alert" className="mt-2 text-sm text-red-700">
              Choose a release that can be joined.
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
