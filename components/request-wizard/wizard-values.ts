import type { CreateAlbumRequestsFormInput } from "@/lib/requests/album-requests-schema";
import { LICENSEE_FIELDS, type LicenseeField } from "@/lib/licensees/fields";
import { ELIGIBILITY_QUESTION_KEYS, type EligibilityQuestion } from "@/lib/requests/eligibility-answers";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import { SONG_FIELDS, type SongField } from "@/lib/tracks/fields";

/**
 * What the wizard's inputs hold (text, as inputs give it), named as the fields of createAlbumRequests' input
 * (`album.licensee.email`, `tracks.0.song.title`), so every error of its schema or use case lands on its input.
 * toInput() keeps what the chosen modes use and turns text into numbers.
 */
export type TrackValues = { song: Record<SongField, string>; lengthInSeconds: string; externalTrackId: string };
export type AlbumTrackValues = TrackValues & { medley: boolean; parts: TrackValues[] };
export type WizardValues = {
  licenseeMode: "existing" | "new";
  /**
   * The chosen existing licensee as its option showed it (name and email), kept for the review and a restored draft
   * where the licensee step has no list (too many licensees) to find it in; toInput() does not send it.
   */
  licenseeName: string;
  albumMode: "existing" | "new";
  album: {
    /** The chosen existing album; null when its radio group was left with none checked. */
    id: string | null;
    title: string;
    artist: string;
    /** `id`: the chosen existing licensee; the other fields: a new one. */
    licensee: { id: string } & Record<LicenseeField, string>;
  };
  /** On an existing album: a new release, or joining one of its releases (`releaseId`). */
  releaseMode: "new" | "existing";
  /** null when its radio group was left with none checked. */
  releaseId: string | null;
  release: ReleaseValues;
  tracks: AlbumTrackValues[];
  /** The review step's eligibility questions: ticked is "yes"; every answer is sent and stored with the requests. */
  eligibility: Record<EligibilityQuestion, boolean>;
};

/** A new release as its inputs hold it: the wizard's release step, and "License more units". */
export type ReleaseValues = {
  formatId: string;
  releaseQuantity: string;
  dateMode: "auto" | "chosen";
  releaseMonth: string;
  releaseYear: string;
  expectedOutletsOfDistribution: string;
  label: string;
  catalogNumber: string;
  /** Physical formats only (YYYY-MM-DD, as a date input gives it); kept while another format is chosen, not sent. */
  manufactureDate: string;
};

export const STEPS = ["Licensee", "Album", "Release", "Tracks", "Review"] as const;

const blank = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, ""])) as Record<K, string>;

export const emptyTrack = (): TrackValues => ({ song: blank(SONG_FIELDS), lengthInSeconds: "", externalTrackId: "" });
export const emptyAlbumTrack = (): AlbumTrackValues => ({ ...emptyTrack(), medley: false, parts: [] });

export const emptyRelease = (): ReleaseValues => ({
  formatId: "",
  releaseQuantity: "",
  dateMode: "auto",
  releaseMonth: "",
  releaseYear: "",
  expectedOutletsOfDistribution: "",
  label: "",
  catalogNumber: "",
  manufactureDate: "",
});

export const emptyValues = (): WizardValues => ({
  licenseeMode: "new",
  licenseeName: "",
  albumMode: "new",
  album: { id: "", title: "", artist: "", licensee: { id: "", ...blank(LICENSEE_FIELDS) } },
  releaseMode: "new",
  releaseId: "",
  release: emptyRelease(),
  tracks: [emptyAlbumTrack()],
  eligibility: Object.fromEntries(ELIGIBILITY_QUESTION_KEYS.map((k) => [k, false])) as Record<
    EligibilityQuestion,
    boolean
  >,
});

/**
 * "" → undefined (the schema says "is required"); anything else a number (NaN fails the schema with its message).
 */
const num = (text: string | null) => (text === null || text.trim() === "" ? undefined : Number(text));
const track = (t: TrackValues) => ({
  song: t.song,
  externalTrackId: t.externalTrackId,
  lengthInSeconds: t.lengthInSeconds.trim() === "" ? null : Number(t.lengthInSeconds),
});

export const usesExistingAlbum = (v: WizardValues) => v.licenseeMode === "existing" && v.albumMode === "existing";
/** Drafts saved before releases could be joined have no releaseMode: they make a new release. */
export const joinsExistingRelease = (v: WizardValues) => usesExistingAlbum(v) && v.releaseMode === "existing";

/**
 * A new release's input (as POST /api/requests and reorders take it); the automatic month is left to the server.
 * Only a physical format has a manufacture date: its input is hidden for the others, so what it still holds is not
 * sent. Drafts saved before the release details existed lack them.
 */
export const toReleaseInput = (r: ReleaseValues, isPhysical: IsPhysical) => ({
  formatId: num(r.formatId) as number,
  releaseQuantity: num(r.releaseQuantity) as number,
  releaseMonth: r.dateMode === "chosen" ? num(r.releaseMonth) : null,
  releaseYear: r.dateMode === "chosen" ? num(r.releaseYear) : null,
  expectedOutletsOfDistribution: r.expectedOutletsOfDistribution,
  label: r.label ?? "",
  catalogNumber: r.catalogNumber ?? "",
  manufactureDate: isPhysical(num(r.formatId) as number) ? (r.manufactureDate ?? "") : "",
});

/** Whether a format (by id) is a physical one: the rate table's formats say. */
export type IsPhysical = (formatId: number) => boolean;
export const physicalFormats =
  (table: RateTable): IsPhysical =>
  (formatId) =>
    table.formats.get(formatId)?.physical ?? false;

export function toInput(v: WizardValues, isPhysical: IsPhysical): CreateAlbumRequestsFormInput {
  const { id: licenseeId, ...newLicensee } = v.album.licensee;
  const licensee = v.licenseeMode === "existing" ? { id: licenseeId } : newLicensee;
  return {
    // An unchosen album is id 0, which the schema refuses at album.id (shown on the album choice).
    album: usesExistingAlbum(v)
      ? { id: num(v.album.id) ?? 0, licensee: { id: licenseeId } }
      : { title: v.album.title, artist: v.album.artist, licensee },
    // An unchosen release is id 0, which the schema refuses at release.id (shown on the release choice).
    release: joinsExistingRelease(v) ? { id: num(v.releaseId) ?? 0 } : toReleaseInput(v.release, isPhysical),
    tracks: v.tracks.map((t) => ({ ...track(t), medley: t.medley, parts: t.medley ? t.parts.map(track) : [] })),
    eligibility: v.eligibility,
  };
}

/** The step that shows a field. */
export function stepOf(path: string): number {
  if (path.startsWith("album.licensee") || path === "licenseeMode") return 0;
  if (path.startsWith("album")) return 1;
  if (path.startsWith("release")) return 2;
  if (path.startsWith("eligibility")) return 4;
  return 3;
}

/** The fields each step validates before moving on. */
export const STEP_FIELDS = [
  ["album.licensee"],
  ["album.id", "album.title", "album.artist"],
  ["release", "releaseId"],
  ["tracks"],
] as const;
