import { and, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerNotices, songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { now } from "@/lib/clock";
import { notFound } from "@/lib/errors";
import { formatLongDate, formatMonth } from "@/lib/formatting";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { renderDocumentPdf } from "@/lib/pdf/render-document-pdf";
import { loadRequestFacts } from "@/lib/requests/request-facts";
import { findRequestView } from "@/lib/requests/request-view";
import { toPercent } from "@/lib/songs/schemas";
import { findSongView } from "@/lib/songs/song-view";

/**
 * GET /api/requests/{id}/owners/{ownerId}/notice.pdf: the notice of intention to obtain a compulsory license
 * (17 U.S.C. § 115(b)) addressed to one copyright owner, ready to mail: the owner's address, the licensee, the work,
 * the owner's share and the phonorecords (format, units, release month). Staff only; it exists once licensing has
 * begun (404 before: there is no notice to that owner yet). Laid out by the license's renderer.
 */
export async function noticeLetter(db: Conn, actor: Actor, requestId: number, ownerId: number) {
  requireEmployee(actor, "print notices of intention");
  await findRequestView(db, {}, requestId);
  const [row] = await db
    .select({ notice: ownerNotices, postalAddress: songOwners.postalAddress, email: songOwners.email })
    .from(ownerNotices)
    .innerJoin(songOwners, eq(songOwners.id, ownerNotices.ownerId))
    .where(and(eq(ownerNotices.requestId, requestId), eq(ownerNotices.ownerId, ownerId)));
  if (!row) throw notFound(`A notice to owner ${ownerId} on request ${requestId}`);
  const { notice } = row;
  const { request, licensee, album, track, release, formatTitle } = await loadRequestFacts(db, requestId);
  const song = await findSongView(db, track.catalogSongId!);
  const dated = now();
  const bytes = await renderDocumentPdf({
    title: "Notice of Intention to Obtain a Compulsory License",
    subtitle: `For making and distributing phonorecords, served on the copyright owner under 17 U.S.C. § 115(b). Request ${request.id}, ${formatLongDate(dated)}.`,
    sections: [
      {
        heading: "To the copyright owner",
        rows: [
          ["Owner", notice.ownerName],
          ["Postal address", row.postalAddress?.split("\n").join(", ") ?? "No postal address on file"],
          ["Email", row.email ?? ""],
          ["Share", `${toPercent(notice.shareBasisPoints)}% of the work`],
        ],
      },
      {
        heading: "From the person intending to obtain the license",
        rows: [
          ["Licensee", licenseeName(licensee)],
          [
            "Address",
            [licensee.address, licensee.city, licensee.state, licensee.zip, licensee.country]
              .filter(Boolean)
              .join(", "),
          ],
          ["Email", licensee.email ?? ""],
          ["Sent through", `CoverDesk, request ${request.id}`],
        ],
      },
      {
        heading: "Nondramatic musical work",
        rows: [
          ["Title", song.title],
          ["Writers", song.writers.join(", ")],
        ],
      },
      {
        heading: "Phonorecords",
        rows: [
          ["Format", formatTitle],
          ["Units", release.releaseQuantity.toLocaleString("en-US")],
          ["Release month", `${formatMonth(release.releaseMonth, release.releaseYear)} (expected first distribution)`],
          ["Principal artist", album.artist],
          ["Album", album.title],
          ["Catalog or track number", track.externalTrackId ?? `CoverDesk track ${track.id}`],
        ],
      },
    ],
    footer:
      "The licensee named above intends to obtain a compulsory license to make and distribute phonorecords of the work " +
      "above, and will pay the statutory royalty on each phonorecord made and distributed. Prepared by CoverDesk.",
    metadata: {
      title: `Notice of intention: ${song.title}, ${notice.ownerName}`,
      subject: song.title,
      createdAt: dated,
    },
  });
  return { filename: `coverdesk-notice-${request.id}-${ownerId}.pdf`, bytes };
}
