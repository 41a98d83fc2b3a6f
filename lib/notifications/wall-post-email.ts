import type { Visibility } from "@/lib/wall/visibilities";
import { unlinkable } from "./unlinkable";

export type WallPostEmailInput = {
  album: { id: number; title: string; artist: string };
  /** The tracks of the album; `addressed` marks the one the post was made through (API posts name a track). */
  tracks: { id: number; songTitle: string; songOriginalRecordingArtist: string | null; addressed: boolean }[];
  author: { kind: string; name: string };
  visibility: Visibility;
  isReply: boolean;
  message: string;
  albumUrl: string;
  /** The requests the post is about (those of the addressed track, else of the album), each with its staff page. */
  requests: { id: number; url: string }[];
};

/** How many request numbers a subject names before "…". */
const SUBJECT_REQUESTS = 3;

const ROLE: Record<string, string> = {
  employee: "service staff",
  client: "client staff",
  licensee: "licensee",
  system: "system",
};

const VISIBILITY: Record<Visibility, { name: string; who: string }> = {
  public: { name: "public", who: "public (the licensee sees it)" },
  private: { name: "private", who: "private (client staff and service staff, not shown to the licensee)" },
  staff: { name: "staff-only", who: "staff only (service staff alone, never shown to the client or the licensee)" },
};

/**
 * The staff notification for a new wall post (docs/product-rules.md, "Notifications"), as plain text. What people
 * typed (the message, titles, names) cannot be clicked (`unlinkable`): only the mail's own links to CoverDesk can.
 */
export function wallPostEmail(input: WallPostEmailInput): { subject: string; body: string } {
  const visibility = VISIBILITY[input.visibility].name;
  const kind = input.isReply ? "reply" : "post";
  const typed = unlinkable;
  const song = (t: WallPostEmailInput["tracks"][number]) =>
    `track ${t.id}: "${typed(t.songTitle)}"${t.songOriginalRecordingArtist ? ` (originally by ${typed(t.songOriginalRecordingArtist)})` : ""}`;
  const addressed = input.tracks.filter((t) => t.addressed);
  const shown = addressed.length > 0 ? addressed : input.tracks;
  const trackLines =
    shown.length === 0
      ? ["Tracks: none yet"]
      : [addressed.length > 0 ? "Track:" : "Tracks:", ...shown.map((t) => `  ${song(t)}`)];
  const numbers = input.requests.map((r) => `#${r.id}`);
  const about =
    numbers.length === 0
      ? ""
      : ` (request${numbers.length > 1 ? "s" : ""} ${numbers.slice(0, SUBJECT_REQUESTS).join(", ")}${numbers.length > SUBJECT_REQUESTS ? ", …" : ""})`;
  return {
    subject: `New ${visibility} ${kind} on "${input.album.title}" by ${input.album.artist}${about}`,
    body: [
      `${typed(input.author.name)} (${ROLE[input.author.kind] ?? input.author.kind}) wrote a ${visibility} ${kind} ` +
        `on the wall of an album.`,
      "",
      `Album: "${typed(input.album.title)}" by ${typed(input.album.artist)}`,
      ...trackLines,
      `Visibility: ${VISIBILITY[input.visibility].who}`,
      "",
      typed(input.message),
      "",
      ...input.requests.map((r) => `Open request #${r.id}: ${r.url}`),
      `Open the album: ${input.albumUrl}`,
    ].join("\n"),
  };
}
