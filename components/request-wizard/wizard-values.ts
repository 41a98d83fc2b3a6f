import type { CreateAlbumRequestsFormInput } from "@/lib/requests/album-requests-schema";
import { LICENSEE_FIELDS, SONG_FIELDS, type LicenseeField, type SongField } from "@/lib/requests/schemas";

/** What the wizard's inputs hold (text, as inputs give it); toInput() turns it into the use case's input. */
export type TrackValues = { song: Record<SongField, string>; lengthInSeconds: string; externalTrackId: string };
export type AlbumTrackValues = TrackValues & { medley: boolean; parts: TrackValues[] };
export type WizardValues = {
  licenseeMode: "existing" | "new";
  licenseeId: string;
  newLicensee: Record<LicenseeField, string>;
  albumMode: "existing" | "new";
  albumId: string;
  newAlbum: { title: string; artist: string };
  release: {
    formatId: string;
    releaseQuantity: string;
    dateMode: "auto" | "chosen";
    releaseMonth: string;
    releaseYear: string;
    expectedOutletsOfDistribution: string;
  };
  tracks: AlbumTrackValues[];
};

export const STEPS = ["Licensee", "Album", "Release", "Tracks", "Review"] as const;

const blank = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, ""])) as Record<K, string>;

export const emptyTrack = (): TrackValues => ({ song: blank(SONG_FIELDS), lengthInSeconds: "", externalTrackId: "" });
export const emptyAlbumTrack = (): AlbumTrackValues => ({ ...emptyTrack(), medley: false, parts: [] });

export const emptyValues = (): WizardValues => ({
  licenseeMode: "new",
  licenseeId: "",
  newLicensee: blank(LICENSEE_FIELDS),
  albumMode: "new",
  albumId: "",
  newAlbum: { title: "", artist: "" },
  release: { formatId: "", releaseQuantity: "", dateMode: "auto", releaseMonth: "", releaseYear: "", expectedOutletsOfDistribution: "" },
  tracks: [emptyAlbumTrack()],
});

/** "" → undefined (the schema says "is required"); anything else a number (NaN fails the schema with its message). */
const num = (text: string) => (text.trim() === "" ? undefined : Number(text));
const track = (t: TrackValues) => ({
  song: t.song,
  externalTrackId: t.externalTrackId,
  lengthInSeconds: t.lengthInSeconds.trim() === "" ? null : Number(t.lengthInSeconds),
});

export const usesExistingAlbum = (v: WizardValues) => v.licenseeMode === "existing" && v.albumMode === "existing";

export function toInput(v: WizardValues): CreateAlbumRequestsFormInput {
  const licensee = v.licenseeMode === "existing" ? { id: v.licenseeId } : v.newLicensee;
  return {
    // An unchosen album is id 0, which the schema refuses at album.id (shown on the album choice).
    album: usesExistingAlbum(v) ? { id: num(v.albumId) ?? 0, licensee: { id: v.licenseeId } } : { ...v.newAlbum, licensee },
    release: {
      formatId: num(v.release.formatId) as number,
      releaseQuantity: num(v.release.releaseQuantity) as number,
      releaseMonth: v.release.dateMode === "chosen" ? num(v.release.releaseMonth) : null,
      releaseYear: v.release.dateMode === "chosen" ? num(v.release.releaseYear) : null,
      expectedOutletsOfDistribution: v.release.expectedOutletsOfDistribution,
    },
    tracks: v.tracks.map((t) => ({ ...track(t), medley: t.medley, parts: t.medley ? t.parts.map(track) : [] })),
  };
}

/** Where an error of the use case's input (`album.licensee.email`) shows in the wizard (`newLicensee.email`). */
export function formPath(inputPath: string, v: WizardValues): string {
  if (inputPath === "album.licensee.id" || (inputPath === "album.licensee" && v.licenseeMode === "existing")) return "licenseeId";
  if (inputPath === "album.licensee") return "newLicensee.lastName";
  if (inputPath.startsWith("album.licensee.")) return inputPath.replace("album.licensee.", "newLicensee.");
  if (inputPath === "album.id") return "albumId";
  if (inputPath.startsWith("album.")) return inputPath.replace("album.", "newAlbum.");
  if (inputPath === "album") return "newAlbum.title";
  if (inputPath === "release") return "release.formatId";
  // Errors about a whole list sit on its `root`, as react-hook-form's field arrays expect.
  if (inputPath === "tracks" || inputPath.endsWith(".parts")) return `${inputPath}.root`;
  return inputPath;
}

/** The step that shows a form path. */
export function stepOf(path: string): number {
  if (path.startsWith("licensee") || path.startsWith("newLicensee")) return 0;
  if (path.startsWith("album") || path.startsWith("newAlbum")) return 1;
  if (path.startsWith("release")) return 2;
  return 3;
}

/** The form paths each step validates before moving on. */
export const STEP_FIELDS: readonly (readonly ("licenseeId" | "newLicensee" | "albumId" | "newAlbum" | "release" | "tracks")[])[] = [
  ["licenseeId", "newLicensee"],
  ["albumId", "newAlbum"],
  ["release"],
  ["tracks"],
];
