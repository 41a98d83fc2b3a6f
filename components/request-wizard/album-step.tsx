"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { ChoiceCard, TextField, useFieldError } from "./form-fields";
import type { LicenseeAlbums } from "./use-licensee-albums";
import type { WizardValues } from "./wizard-values";

export function AlbumStep({ albums }: { albums: LicenseeAlbums }) {
  const { register } = useFormContext<WizardValues>();
  const [licenseeMode, licenseeId, albumMode] = useWatch<
    WizardValues,
    ["licenseeMode", "album.licensee.id", "albumMode"]
  >({
    name: ["licenseeMode", "album.licensee.id", "albumMode"],
  });
  const idError = useFieldError("album.id");
  const existingLicensee = licenseeMode === "existing" && licenseeId !== "";
  const showExisting = existingLicensee && albumMode === "existing";
  return (
    <div className="space-y-5">
      {existingLicensee ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Which album do the tracks belong to?</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <ChoiceCard
              name="albumMode"
              value="new"
              label="A new album"
              description="A single is an album with one track."
            />
            <ChoiceCard
              name="albumMode"
              value="existing"
              label="An existing album"
              description="Add tracks to an album of this licensee."
            />
          </div>
        </fieldset>
      ) : null}

      {showExisting ? (
        <fieldset aria-describedby={idError ? "album-choice-error" : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Album</legend>
          {albums === null ? (
            <p role="status" className="text-sm text-slate-600">
              Loading the licensee&apos;s albums…
            </p>
          ) : albums === "failed" ? (
            <p role="alert" className="text-sm text-red-700">
              The albums could not be loaded. Go back and choose the licensee again.
            </p>
          ) : albums.length === 0 ? (
            <p className="text-sm text-slate-600">This licensee has no albums yet: choose &ldquo;A new album&rdquo;.</p>
          ) : (
            <ul className="space-y-2">
              {albums.map((a) => (
                <li key={a.id}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50">
                    <input
                      type="radio"
                      value={String(a.id)}
                      {...register("album.id")}
                      className="mt-1 accent-indigo-700"
                    />
                    <span>
                      <span className="block font-medium">{a.title}</span>
                      <span className="block text-sm text-slate-600">
                        {a.artist} · {a.trackCount} {a.trackCount === 1 ? "track" : "tracks"}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {idError ? (
            <p id="album-choice-error" role="alert" className="mt-2 text-sm text-red-700">
              Choose an album.
            </p>
          ) : null}
        </fieldset>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="album.title"
            label="Album title"
            hint="No real title yet? Use Untitled, or for a single the song title or Single."
          />
          <TextField name="album.artist" label="Album artist" hint="Several artists: list them all or write Various." />
        </div>
      )}
    </div>
  );
}
