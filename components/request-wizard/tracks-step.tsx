"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { afterAction } from "@/components/ui/after-action";
import { buttonClass, cardClass } from "@/components/ui/styles";
import { fieldId, useFieldError } from "./form-fields";
import { SongFields } from "./song-fields";
import { emptyAlbumTrack, emptyTrack, type WizardValues } from "./wizard-values";

const byId = (id: string) => () => document.getElementById(id);

/** After a removal the focus goes to the card that took its place (or the one before, when the last went). */
export function TracksStep() {
  const { fields, append, remove } = useFieldArray<WizardValues, "tracks">({ name: "tracks" });
  const removeTrack = (i: number) => {
    remove(i);
    afterAction({ focus: byId(`track-${Math.min(i, fields.length - 2)}-heading`), message: `Track ${i + 1} removed.` });
  };
  const listError = useFieldError("tracks");
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Each song gets its own track and its own request. A medley is one track made of several songs: it is filed as a
        whole and as each of its song parts.
      </p>
      {listError ? (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <ol className="space-y-4">
        {fields.map((field, i) => (
          <li key={field.id}>
            <TrackCard index={i} onRemove={fields.length > 1 ? () => removeTrack(i) : undefined} />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={() => append(emptyAlbumTrack(), { focusName: `tracks.${fields.length}.song.title` })}
      >
        + Add a track
      </button>
    </div>
  );
}

function TrackCard({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const { register } = useFormContext<WizardValues>();
  const medley = useWatch<WizardValues, `tracks.${number}.medley`>({ name: `tracks.${index}.medley` });
  const {
    fields: parts,
    append,
    remove,
  } = useFieldArray<WizardValues, `tracks.${number}.parts`>({ name: `tracks.${index}.parts` });
  const partsError = useFieldError(`tracks.${index}.parts`);
  const medleyId = fieldId(`tracks.${index}.medley`);
  const addPart = () => append(emptyTrack(), { focusName: `tracks.${index}.parts.${parts.length}.song.title` });
  const addPartId = `track-${index}-add-part`;
  const removePart = (j: number) => {
    remove(j);
    const next = Math.min(j, parts.length - 2);
    afterAction({
      focus: byId(next < 0 ? addPartId : `track-${index}-part-${next}`),
      message: `Song part ${j + 1} removed.`,
    });
  };
  return (
    <section aria-labelledby={`track-${index}-heading`} className={cardClass}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id={`track-${index}-heading`} className="font-semibold">
          Track {index + 1}
          {medley ? " · medley" : ""}
        </h3>
        {onRemove ? (
          <button type="button" className={buttonClass.link} onClick={onRemove}>
            Remove track {index + 1}
          </button>
        ) : null}
      </div>
      <SongFields prefix={`tracks.${index}`} titleLabel={medley ? "Medley title" : "Song title"} />
      <div className="mt-4 flex items-start gap-2">
        <input
          id={medleyId}
          type="checkbox"
          className="mt-1 accent-indigo-700"
          {...register(`tracks.${index}.medley`, {
            onChange: (e: { target: { checked: boolean } }) => e.target.checked && parts.length === 0 && addPart(),
          })}
        />
        <label htmlFor={medleyId} className="text-sm">
          <span className="font-medium">This track is a medley</span>
          <span className="block text-slate-600">
            The medley as a whole owes no royalty; each song part owes at its own length.
          </span>
        </label>
      </div>
      {medley ? (
        <div className="mt-4 space-y-3 border-l-4 border-indigo-200 pl-3 sm:pl-4">
          {partsError ? (
            <p role="alert" className="text-sm text-red-700">
              {partsError}
            </p>
          ) : null}
          <ol className="space-y-3">
            {parts.map((part, j) => (
              <li key={part.id}>
                <section
                  aria-labelledby={`track-${index}-part-${j}`}
                  className="rounded-md border border-slate-200 bg-slate-50 p-3 sm:p-4"
                >
                  <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                    <h4 id={`track-${index}-part-${j}`} className="text-sm font-semibold">
                      Song part {j + 1}
                    </h4>
                    <button type="button" className={buttonClass.link} onClick={() => removePart(j)}>
                      Remove song part {j + 1}
                    </button>
                  </div>
                  <SongFields prefix={`tracks.${index}.parts.${j}`} />
                </section>
              </li>
            ))}
          </ol>
          <button id={addPartId} type="button" className={buttonClass.secondary} onClick={addPart}>
            + Add a song part
          </button>
        </div>
      ) : null}
    </section>
  );
}
