"use client";

import { useWatch } from "react-hook-form";
import { formatLength } from "@/lib/formatting";
import { TextField, type WizardPath } from "./form-fields";
import type { WizardValues } from "./wizard-values";

/** The song and length of a track or of a medley's song part; `prefix` is `tracks.0` or `tracks.0.parts.1`. */
export function SongFields({
  prefix,
  titleLabel = "Song title",
}: {
  prefix: `tracks.${number}` | `tracks.${number}.parts.${number}`;
  titleLabel?: string;
}) {
  const p = (field: string) => `${prefix}.${field}` as WizardPath;
  const length = useWatch<WizardValues>({ name: p("lengthInSeconds") }) as string;
  const seconds = Number(length);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name={p("song.title")} label={titleLabel} />
        <TextField
          name={p("lengthInSeconds")}
          label="Length in seconds"
          type="number"
          inputMode="numeric"
          min={0}
          optional
          hint={
            Number.isInteger(seconds) && seconds > 0
              ? `${formatLength(seconds)} (m:ss)`
              : "You can add it later if you don't know it yet."
          }
        />
        <TextField
          name={p("song.originalRecordingArtist")}
          label="Original recording artist"
          hint="The artist of the original recording, or give the composer."
        />
        <TextField name={p("song.composer")} label="Composer" optional />
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-indigo-700">More song details</summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField name={p("song.artist")} label="Artist" optional />
          <TextField name={p("song.arranger")} label="Arranger" optional />
          <TextField name={p("externalTrackId")} label="Your track id" optional />
          <TextField name={p("song.notes")} label="Notes for our research" optional multiline />
        </div>
      </details>
    </div>
  );
}
