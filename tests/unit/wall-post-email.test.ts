import { describe, expect, it } from "vitest";
import { parseAddressList } from "@/lib/notifications/staff-recipients";
import { wallPostEmail, type WallPostEmailInput } from "@/lib/notifications/wall-post-email";

const input: WallPostEmailInput = {
  album: { id: 7, title: "Night Covers", artist: "Mira" },
  tracks: [
    { id: 70, songTitle: "Jolene", songOriginalRecordingArtist: "Dolly Parton", addressed: false },
    { id: 71, songTitle: "Hallelujah", songOriginalRecordingArtist: null, addressed: false },
  ],
  author: { kind: "licensee", name: "Lee Licensee" },
  visibility: "public",
  isReply: true,
  message: "Can we release in June?",
  albumUrl: "https://desk.example/albums/7",
  requests: [],
};

describe("the staff email about a wall post", () => {
  it("names album, tracks, author and role, visibility, the message and a link", () => {
    const { subject, body } = wallPostEmail(input);
    expect(subject).toBe('New public reply on "Night Covers" by Mira');
    expect(body).toBe(
      [
        "Lee Licensee (licensee) wrote a public reply on the wall of an album.",
        "",
        'Album: "Night Covers" by Mira',
        "Tracks:",
        '  track 70: "Jolene" (originally by Dolly Parton)',
        '  track 71: "Hallelujah"',
        "Visibility: public (the licensee sees it)",
        "",
        "Can we release in June?",
        "",
        "Open the album: https://desk.example/albums/7",
      ].join("\n"),
    );
  });

  it("names only the track a post was made through, and says when it is private", () => {
    const { subject, body } = wallPostEmail({
      ...input,
      visibility: "private",
      isReply: false,
      author: { kind: "employee", name: "Sam" },
      tracks: input.tracks.map((t) => ({ ...t, addressed: t.id === 71 })),
    });
    expect(subject).toBe('New private post on "Night Covers" by Mira');
    expect(body).toContain(
      'Track:\n  track 71: "Hallelujah"\nVisibility: private (client staff and service staff, not shown to the licensee)',
    );
    expect(body).not.toContain("Jolene");
    expect(body).toContain("Sam (service staff)");
  });

  it("names the requests it is about in the subject (three at most) and links to each", () => {
    const requests = [12, 13, 14, 15].map((id) => ({ id, url: `https://desk.example/staff/requests/${id}` }));
    expect(wallPostEmail({ ...input, requests: requests.slice(0, 1) }).subject).toBe(
      'New public reply on "Night Covers" by Mira (request #12)',
    );
    const { subject, body } = wallPostEmail({ ...input, requests });
    expect(subject).toBe('New public reply on "Night Covers" by Mira (requests #12, #13, #14, …)');
    expect(body).toContain(
      "Open request #15: https://desk.example/staff/requests/15\nOpen the album: https://desk.example/albums/7",
    );
  });

  it("says when a post is for the service's staff alone", () => {
    const { subject, body } = wallPostEmail({ ...input, visibility: "staff", isReply: false });
    expect(subject).toBe('New staff-only post on "Night Covers" by Mira');
    expect(body).toContain("Visibility: staff only (service staff alone, never shown to the client or the licensee)");
  });
});

describe("STAFF_NOTIFY_EMAIL parsing", () => {
  it("splits on commas and ignores blanks", () => {
    expect(parseAddressList(" a@x.example, ,b@x.example,")).toEqual(["a@x.example", "b@x.example"]);
    expect(parseAddressList(undefined)).toEqual([]);
  });
});
