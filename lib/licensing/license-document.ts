import type { Conn } from "@/db/client";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { formatDay, formatLength, formatLongDate, monthName } from "@/lib/formatting";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { loadRequestFacts } from "@/lib/requests/request-facts";
import { findRequestView } from "@/lib/requests/request-view";
import { findSongView } from "@/lib/songs/song-view";
import { assertLicenseReady } from "@/lib/requests/license-ready";
import { requestNotices, type NoticeView } from "./list-notices";
import { NOTICE_METHOD_LABELS } from "./notice-methods";
import { renderDocumentPdf } from "@/lib/pdf/render-document-pdf";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";
import { licenseVerificationCode } from "@/lib/verification/license-verification-code";
import QRCode from "qrcode";

/**
 * GET /api/requests/{id}/license: the license document of a licensed request, as a PDF, for the owning client's
 * staff, for employees, and for the licensee it licenses (docs/product-rules.md, "Roles and visibility"; the scope hides every other licensee's
 * requests as not found). Before `licensed` → 409 not_licensed.
 */
export async function licenseDocument(db: Conn, actor: Actor, requestId: number) {
  const view = await findRequestView(db, scopeOf(actor), requestId);
  assertLicenseReady(view);
  const { request, licensee, album, track, release, formatTitle } = await loadRequestFacts(db, requestId);
  if (request.licensedAt === null) throw new Error(`licensed request ${requestId} is incomplete`);
  // A medley as a whole is licensed when each of its song parts is: its license names every part's composition.
  const compositions = await Promise.all(
    view.medley?.kind === "whole"
      ? view.medley.parts
          .filter((p) => p.status.code === "licensed")
          .map((p) => composition(db, p.requestId, `Composition: ${p.title}`))
      : [composition(db, requestId, "Composition")],
  );
  const title = view.medley?.kind === "whole" ? track.songTitle : compositions[0]!.title;
  const trackLength = formatLength(track.lengthInSeconds) ?? "length not given";
  const code = await licenseVerificationCode(db, request);
  const verifyUrl = `${publicBaseUrl()}/verify/${code}`;

  const bytes = await renderDocumentPdf({
    title: "Compulsory Mechanical License",
    subtitle: `License for request ${request.id}, licensed on ${formatLongDate(request.licensedAt)} under 17 U.S.C. § 115.`,
    sections: [
      {
        heading: "Licensee",
        rows: [
          ["Licensee", licenseeName(licensee)],
          [
            "Address",
            [licensee.address, licensee.city, licensee.state, licensee.zip, licensee.country]
              .filter(Boolean)
              .join(", "),
          ],
          ["Email", licensee.email ?? ""],
        ],
      },
      {
        heading: "Recording",
        rows: [
          ["Album", `${album.title} by ${album.artist}`],
          ["Track", `Track ${track.id}${track.externalTrackId ? ` (${track.externalTrackId})` : ""}, ${trackLength}`],
          [
            "Song as filed",
            [track.songTitle, track.songOriginalRecordingArtist].filter(Boolean).join(", recorded by "),
          ],
        ],
      },
      ...compositions.map((c) => c.section),
      {
        heading: "Release and royalty",
        rows: [
          ["Release", `Release ${release.id}, ${monthName(release.releaseMonth)} ${release.releaseYear}`],
          ["Format", formatTitle],
          ...(release.expectedOutletsOfDistribution
            ? [["Outlets of distribution", release.expectedOutletsOfDistribution] as [string, string]]
            : []),
          ["Quantity", `${view.royalty.quantity.toLocaleString("en-US")} units`],
          ["Royalty per unit", `$${view.royalty.perUnit} (USD)`],
          [
            "Royalty total",
            `$${view.royalty.total} (USD)${view.medley?.kind === "whole" ? ", each song part's royalty is on its own license" : ""}`,
          ],
        ],
      },
      {
        heading: "License",
        rows: [
          ["License date", formatLongDate(request.licensedAt)],
          ["Request id", String(request.id)],
          ["Verification code", code],
        ],
      },
    ],
    figure: {
      png: await QRCode.toBuffer(verifyUrl, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 256 }),
      caption: `Anyone can check this license, without signing in, by scanning the code or opening ${verifyUrl}`,
    },
    footer:
      `The licensee may make and distribute phonorecords of the ${compositions.length > 1 ? "compositions" : "composition"} above in the format and quantity shown, ` +
      "subject to the payment of the royalty shown to the copyright owners in their shares. Issued by CoverDesk.",
    metadata: { title: `License for request ${request.id}: ${title}`, subject: title, createdAt: request.licensedAt },
  });
  return { filename: `coverdesk-license-${request.id}.pdf`, bytes };
}

/** The composition a licensed request's notices were served for: its linked song, writers and owners' shares. */
async function composition(db: Conn, requestId: number, heading: string) {
  const { track } = await loadRequestFacts(db, requestId);
  if (track.catalogSongId === null) throw new Error(`licensed request ${requestId} has no linked song`);
  const [song, notices] = await Promise.all([findSongView(db, track.catalogSongId), requestNotices(db, requestId)]);
  return {
    title: song.title,
    section: {
      heading,
      rows: [
        ["Song", song.title],
        ["Writers", song.writers.join(", ")],
        ...notices.map((n): [string, string] => [
          "Copyright owner",
          `${n.ownerName}: ${n.share}% (notice of intention ${servedText(n)})`,
        ]),
      ] as [string, string][],
    },
  };
}

/** "served by mail on November 20, 2026"; notices served before the day and way were recorded show when they were recorded. */
function servedText(n: NoticeView): string {
  const office = n.route === "copyright_office" || n.method === "copyright_office";
  const how = office
    ? "filed with the Copyright Office"
    : `served${n.method ? ` ${NOTICE_METHOD_LABELS[n.method]}` : ""}`;
  const day = n.servedOn ? formatDay(n.servedOn, "long") : n.servedAt ? formatLongDate(n.servedAt) : "-";
  return `${how} on ${day}`;
}
