import type { LicenseeField } from "@/lib/licensees/fields";

export const LICENSEE_LABELS: Record<LicenseeField, string> = {
  companyName: "Company name",
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  phone1: "Phone",
  externalLicenseeId: "Your licensee id",
  address: "Address",
  city: "City",
  state: "State",
  zip: "ZIP",
  country: "Country",
  officers: "Officers or owners (a company)",
};

/** The words the portal's pages use for each field name of our schemas (the last part of an error's path). */
const FIELD_LABELS: Record<string, string> = {
  ...LICENSEE_LABELS,
  title: "Title",
  artist: "Artist",
  formatId: "Format",
  releaseQuantity: "Units",
  releaseMonth: "Release month",
  releaseYear: "Release year",
  expectedOutletsOfDistribution: "Outlets",
  label: "Label",
  catalogNumber: "Catalog number",
  manufactureDate: "Manufacture date",
  lengthInSeconds: "Length",
  externalTrackId: "Your track id",
  isrc: "ISRC",
  report: "Sales report",
  releaseId: "Release",
  marginPercent: "Margin",
  store: "Store",
  date: "Date",
  originalRecordingArtist: "Original recording artist",
  composer: "Composer",
  arranger: "Arranger",
  notes: "Notes",
  medley: "Medley",
  parts: "Song parts",
  tracks: "Tracks",
  releases: "Releases",
  message: "Message",
  note: "Note",
  reason: "Reason",
  name: "Name",
  writers: "Writers",
  owners: "Owners",
  share: "Share",
  password: "Password",
  role: "Role",
  id: "Choice",
  requestIds: "Selected requests",
  code: "Move",
};

/** Where a nested field sits, in the page's words: `album` → "album", `tracks.0` → "track 1". */
const CONTEXT_LABELS: Record<string, string> = {
  album: "album",
  licensee: "licensee",
  song: "song",
  tracks: "track",
  parts: "part",
  lines: "line",
};
/** Contexts numbered as their users count (a sales report's lines: the header is line 1), not from 0. */
const COUNTED_FROM_ONE = new Set(["lines"]);

const isIndex = (part: string | undefined) => part !== undefined && /^\d+$/.test(part);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const humanize = (name: string) => lowerFirst(name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());

/**
 * The label of the field an error's path names, as the page says it (`release.releaseMonth` → "Release month",
 * `tracks.0.song.title` → "Track 1 song title", `album.licensee.email` → "Licensee email"): the one mapping every
 * form's messages go through, so no page shows an API path.
 */
export function fieldLabel(path: string): string {
  const parts = path.split(/[./]/).filter(Boolean);
  const leafAt = parts.findLastIndex((p) => !isIndex(p));
  if (leafAt < 0) return "The form";
  const words: string[] = [];
  parts.slice(0, leafAt).forEach((part, i, all) => {
    const label = Object.hasOwn(CONTEXT_LABELS, part) ? CONTEXT_LABELS[part] : undefined;
    if (!label || (part === "album" && all[i + 1] === "licensee")) return;
    words.push(isIndex(all[i + 1]) ? `${label} ${Number(all[i + 1]) + (COUNTED_FROM_ONE.has(part) ? 0 : 1)}` : label);
  });
  const leaf = parts[leafAt]!;
  // Own keys only: a posted field named like an Object method (`__proto__`, `constructor`) is labelled by its name.
  words.push(lowerFirst((Object.hasOwn(FIELD_LABELS, leaf) ? FIELD_LABELS[leaf] : undefined) ?? humanize(leaf)));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Release month: must be …; Outlets: …", the message of a form's field errors. */
export const describeFieldErrors = (errors: readonly { path: string; message: string }[]) =>
  errors.map((e) => `${fieldLabel(e.path)}: ${e.message}`).join("; ");
