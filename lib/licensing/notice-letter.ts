import { and, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerNotices, songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { now } from "@/lib/clock";
import { DomainError, notFound } from "@/lib/errors";
import { formatLongDate } from "@/lib/formatting";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { renderDocumentPdf } from "@/lib/pdf/render-document-pdf";
import { loadRequestFacts } from "@/lib/requests/request-facts";
import { findRequestView } from "@/lib/requests/request-view";
import { toPercent } from "@/lib/songs/schemas";
import { findSongView } from "@/lib/songs/song-view";
import { letterRefusal } from "./letter-address";
import { licenseeRows, NOTICE_HEADING, releaseRows, signatureRows } from "./notice-content";

/**
 * GET /api/requests/{id}/owners/{ownerId}/notice.pdf: the notice of intention to obtain a compulsory license
 * (17 U.S.C. § 115(b), 37 CFR 201.18) addressed to one copyright owner, ready to mail: the owner's address, the
 * licensee's legal name, address, telephone and officers, the work, the owner's share and the phonorecords (format,
 * units, label and catalog number, manufacture date, release month), signed by CoverDesk as the licensee's agent.
 * Staff only; it exists once licensing has begun (404 before: there is no notice to that owner yet). A letter for the
 * post needs the owner's postal address: without one (unless the notice was served by email) it is refused, 409
 * owner_contact_missing, rather than printed unaddressed. Laid out by the license's renderer.
 */
export async function noticeLetter(db: Conn, actor: Actor, requestId: number, ownerId: number) {
  const employee = requireEmployee(actor, "print notices of intention");
  await findRequestView(db, {}, requestId);
  const [row] = await db
    .select({
      notice: ownerNotices,
      postalAddress: songOwners.postalAddress,
      email: songOwners.email,
    })
    .from(ownerNotices)
    .innerJoin(songOwners, eq(songOwners.id, ownerNotices.ownerId))
    .where(and(eq(ownerNotices.requestId, requestId), eq(ownerNotices.ownerId, ownerId)));
  if (!row) throw notFound(`A notice to owner ${ownerId} on request ${requestId}`);
  const { notice } = row;
  const postalAddress = row.postalAddress?.trim() ? row.postalAddress.split("\n").join(", ") : null;
  const refusal = letterRefusal({ ownerName: notice.ownerName, postalAddress, method: notice.servedMethod });
  if (refusal) throw new DomainError("owner_contact_missing", refusal);
  const { request, licensee, album, track, release, formatTitle, formatPhysical } = await loadRequestFacts(
    db,
    requestId,
  );
  const song = await findSongView(db, track.catalogSongId!);
  const dated = now();
  const bytes = await renderDocumentPdf({
    title: NOTICE_HEADING,
    subtitle: `Served on the copyright owner under 17 U.S.C. § 115(b). Request ${request.id}, ${formatLongDate(dated)}.`,
    sections: [
      {
        heading: "To the copyright owner",
        rows: [
          ["Owner", notice.ownerName],
          ["Postal address", postalAddress ?? "none on file (served by email)"],
          ["Email", row.email ?? ""],
          ["Share", `${toPercent(notice.shareBasisPoints)}% of the work`],
        ],
      },
      {
        heading: "From the person intending to obtain the license",
        rows: [...licenseeRows(licensee), ["Sent through", `CoverDesk, request ${request.id}`]],
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
          ["Principal artist", album.artist],
          ["Album", album.title],
          ...releaseRows(release, formatPhysical),
        ],
      },
      { heading: "Signature", rows: signatureRows(licensee, notice.servedByName ?? employee.name) },
    ],
    footer:
      `${licenseeName(licensee)} intends to obtain a compulsory license to make and distribute phonorecords of the ` +
      "work above, and will pay the statutory royalty on each phonorecord made and distributed. CoverDesk serves this " +
      "notice as its authorized agent.",
    metadata: {
      title: `Notice of intention: ${song.title}, ${notice.ownerName}`,
      subject: song.title,
      createdAt: dated,
    },
  });
  return { filename: `coverdesk-notice-${request.id}-${ownerId}.pdf`, bytes };
}
