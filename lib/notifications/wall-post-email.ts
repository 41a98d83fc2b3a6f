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

/** The subject of a mail listing several posts begins with their number, which only this file writes. */
const COUNTED = /^(\d+) new wall posts on /;

/**
 * The staff notification of an album's wall with one more post: posts within a few minutes of each other go out as
 * one mail listing them, oldest first (docs/notifications.md, "Wall posts, coalesced"). `mail` is the one still
 * waiting to be sent; the new post's part names its author, visibility, track and requests as a single post's mail
 * does.
 */
export function withWallPost(
  mail: { subject: string; body: string },
  input: WallPostEmailInput,
): { subject: string; body: string } {
  const count = Number(COUNTED.exec(mail.subject)?.[1] ?? 1) + 1;
  const visibility = VISIBILITY[input.visibility].name;
  const kind = input.isReply ? "reply" : "post";
  const typed = unlinkable;
  const addressed = input.tracks.filter((t) => t.addressed);
  return {
    subject: `${count} new wall posts on "${input.album.title}" by ${input.album.artist}`,
    body: [
      mail.body,
      "",
      `— Post ${count} on this wall —`,
      `${typed(input.author.name)} (${ROLE[input.author.kind] ?? input.author.kind}) wrote a ${visibility} ${kind}.`,
      ...addressed.map((t) => `Track ${t.id}: "${typed(t.songTitle)}"`),
      `Visibility: ${VISIBILITY[input.visibility].who}`,
      "",
      typed(input.message),
      "",
      ...input.requests.map((r) => `Open request #${r.id}: ${r.url}`),
    ].join("\n"),
  };
}
