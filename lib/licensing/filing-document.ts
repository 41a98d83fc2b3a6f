import { and, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerNotices, requestCosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { notFound } from "@/lib/errors";
import { formatLongDate, formatUsd } from "@/lib/formatting";
import { loadRequestFacts } from "@/lib/requests/request-facts";
import { findRequestView } from "@/lib/requests/request-view";
import { formatTotal } from "@/lib/royalties/compute-royalty";
import { findSongView } from "@/lib/songs/song-view";
import { toPercent } from "@/lib/songs/schemas";
import { renderDocumentPdf } from "@/lib/pdf/render-document-pdf";
import { licenseeRows, NOTICE_HEADING, releaseRows, signatureRows } from "./notice-content";

/**
 * GET /api/requests/{id}/owners/{ownerId}/filing: the notice of intention to file with the Copyright Office for an
 * owner its records do not identify (37 CFR 201.18(f)), as a PDF with the fields the Office asks for: who intends to
 * obtain the license, the work and its writers, the phonorecords (configuration, expected date of first distribution,
 * principal artist, catalog number), the records search, and the fee. Staff only; 404 unless the notice goes to the
 * Office. Laid out by the license's renderer.
 */
export async function filingDocument(db: Conn, actor: Actor, requestId: number, ownerId: number) {
  const employee = requireEmployee(actor, "file notices with the Copyright Office");
  await findRequestView(db, {}, requestId);
  const [row] = await db
    .select({ notice: ownerNotices, fee: requestCosts.amount })
    .from(ownerNotices)
    // One fee per title: every owner filed for the request is on the filing its first notice paid for.
    .leftJoin(
      requestCosts,
      and(eq(requestCosts.requestId, ownerNotices.requestId), eq(requestCosts.kind, "copyright_office_filing")),
    )
    .where(
      and(
        eq(ownerNotices.requestId, requestId),
        eq(ownerNotices.ownerId, ownerId),
        eq(ownerNotices.route, "copyright_office"),
      ),
    );
  if (!row || row.fee === null || row.notice.ownerNotFoundAt === null) {
    throw notFound(`A Copyright Office filing for owner ${ownerId} on request ${requestId}`);
  }
  const { notice, fee } = row;
  const { request, licensee, album, track, release, formatTitle, formatPhysical } = await loadRequestFacts(
    db,
    requestId,
  );
  const song = await findSongView(db, track.catalogSongId!);
  const searched = notice.ownerNotFoundAt!;
  const bytes = await renderDocumentPdf({
    title: NOTICE_HEADING,
    subtitle:
      "Filed with the U.S. Copyright Office under 17 U.S.C. § 115(b) and 37 CFR 201.18(f): its public records do not " +
      "identify the copyright owner named below.",
    sections: [
      {
        heading: "Person intending to obtain the compulsory license",
        rows: [...licenseeRows(licensee), ["Filed through", `CoverDesk, request ${request.id}`]],
      },
      {
        heading: "Nondramatic musical work",
        rows: [
          ["Title", song.title],
          ["Writers", song.writers.join(", ")],
          ["Copyright owner", `${notice.ownerName}, ${toPercent(notice.shareBasisPoints)}% share`],
          [
            "Records searched",
            `On ${formatLongDate(searched)} by ${notice.ownerNotFoundByName ?? "CoverDesk staff"}: the registration ` +
              "records and other public records of the Copyright Office do not identify this owner or an address " +
              "at which the notice can be served.",
          ],
        ],
      },
      {
        heading: "Phonorecords",
        rows: [
          ["Configuration", formatTitle],
          ["Principal artist", album.artist],
          ["Album", album.title],
          ["Units", release.releaseQuantity.toLocaleString("en-US")],
          ...releaseRows(release, formatPhysical),
        ],
      },
      {
        heading: "Filing fee and signature",
        rows: [
          ["Filing fee", `${formatUsd(formatTotal(fee))} (one title)`],
          ...signatureRows(licensee, notice.servedByName ?? employee.name),
        ],
      },
    ],
    footer:
      "Since the Music Modernization Act (2018) the Copyright Office accepts such notices only for phonorecords that " +
      "are not digital phonorecord deliveries. Prepared by CoverDesk.",
    metadata: {
      title: `Notice of intention: ${song.title}, ${notice.ownerName}`,
      subject: song.title,
      createdAt: searched,
    },
  });
  return { filename: `coverdesk-filing-${request.id}-${ownerId}.pdf`, bytes };
}
