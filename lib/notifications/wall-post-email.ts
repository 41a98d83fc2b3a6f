export type WallPostEmailInput = {
  album: { id: number; title: string; artist: string };
  /** The tracks of the album; `addressed` marks the one the post was made through (API posts name a track). */
  tracks: { id: number; songTitle: string; songOriginalRecordingArtist: string | null; addressed: boolean }[];
  author: { kind: string; name: string };
  isPrivate: boolean;
  isReply: boolean;
  message: string;
  albumUrl: string;
};

const ROLE: Record<string, string> = {
  employee: "service staff",
  client: "client staff",
  licensee: "licensee",
  system: "system",
};

/** The staff notification for a new wall post (product.md §10), as plain text. */
export function wallPostEmail(input: WallPostEmailInput): { subject: string; body: string } {
  const visibility = input.isPrivate ? "private" : "public";
  const kind = input.isReply ? "reply" : "post";
  const song = (t: WallPostEmailInput["tracks"][number]) =>
    `track ${t.id}: "${t.songTitle}"${t.songOriginalRecordingArtist ? ` (originally by ${t.songOriginalRecordingArtist})` : ""}`;
  const addressed = input.tracks.filter((t) => t.addressed);
  const shown = addressed.length > 0 ? addressed : input.tracks;
  const trackLines =
    shown.length === 0 ? ["Tracks: none yet"] : [addressed.length > 0 ? "Track:" : "Tracks:", ...shown.map((t) => `  ${song(t)}`)];
  return {
    subject: `New ${visibility} ${kind} on "${input.album.title}" by ${input.album.artist}`,
    body: [
      `${input.author.name} (${ROLE[input.author.kind] ?? input.author.kind}) wrote a ${visibility} ${kind} ` +
        `on the wall of an album.`,
      "",
      `Album: "${input.album.title}" by ${input.album.artist}`,
      ...trackLines,
      `Visibility: ${input.isPrivate ? "private (staff only, not shown to the licensee)" : "public (the licensee sees it)"}`,
      "",
      input.message,
      "",
      `Open the album: ${input.albumUrl}`,
    ].join("\n"),
  };
}
