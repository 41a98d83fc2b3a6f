import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerNotices, songOwners } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { formatDay, formatLength, formatLongDate, formatUsd, monthName } from "@/lib/formatting";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { loadRequestFacts } from "@/lib/requests/request-facts";
import { findRequestView } from "@/lib/requests/request-view";
import { NOT_PAYABLE } from "@/lib/royalties/royalty-not-payable";
import { findSongView } from "@/lib/songs/song-view";
import { toPercent } from "@/lib/songs/schemas";
import { assertLicenseReady } from "@/lib/requests/license-ready";
import { renderDocumentPdf } from "@/lib/pdf/render-document-pdf";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";
import { licenseVerificationCode } from "@/lib/verification/license-verification-code";
import { LICENSE_TITLES, licenseKind, type LicenseKind } from "@/lib/verification/license-title";
import QRCode from "qrcode";

type Row = [label: string, value: string];

/** What the license says of an owner not identified in the Office's records (17 U.S.C. § 115(b)(1)). */
const HELD = "held for an owner not identified in the Copyright Office's records";

/**
 * GET /api/requests/{id}/license: the license document of a licensed request, as a PDF, for the owning client's
 * staff, for employees, and for the licensee it licenses (docs/product-rules.md, "Roles and visibility"; the scope hides every other licensee's
 * requests as not found). Before `licensed` → 409 not_licensed.
 *
 * It confirms what the licensee obtained, and never claims CoverDesk issued it: a compulsory license is obtained by
 * the licensee serving notices and paying, CoverDesk acting as its agent; a stream license is granted by the owners
 * themselves, on the terms each accepted (docs/licensing-law.md, "What the license document says").
 */
export async function licenseDocument(db: Conn, actor: Actor, requestId: number) {
  const view = await findRequestView(db, scopeOf(actor), requestId);
  assertLicenseReady(view);
  const { request, licensee, album, track, release, formatTitle } = await loadRequestFacts(db, requestId);
  if (request.licensedAt === null) throw new Error(`licensed request ${requestId} is incomplete`);
  const kind = licenseKind(release.formatId);
  const whole = view.medley?.kind === "whole";
  // A medley as a whole is licensed when each of its song parts is: its license names every part's composition.
  const compositions = await Promise.all(
    view.medley?.kind === "whole"
      ? view.medley.parts
          .filter((p) => p.status.code === "licensed")
          .map((p) => composition(db, p.requestId, `Composition: ${p.title}`, kind))
      : [composition(db, requestId, "Composition", kind)],
  );
  const title = whole ? track.songTitle : compositions[0]!.title;
  const trackLength = formatLength(track.lengthInSeconds) ?? "length not given";
  const code = await licenseVerificationCode(db, request);
  const verifyUrl = `${publicBaseUrl()}/verify/${code}`;
  const name = licenseeName(licensee);
  const works = compositions.length > 1 ? "compositions" : "composition";
  const licensedOn = formatLongDate(request.licensedAt);

  const bytes = await renderDocumentPdf({
    title: LICENSE_TITLES[kind],
    subtitle:
      kind === "compulsory"
        ? `Request ${request.id}, licensed on ${licensedOn}. ${name} obtained this compulsory license by serving a ` +
          `notice of intention on each copyright owner of the ${works} below and paying the royalty in advance; ` +
          "CoverDesk acted as its agent."
        : `Request ${request.id}, licensed on ${licensedOn}. Each copyright owner of the ${works} below accepted ` +
          `this license for interactive audio streams on the terms recorded with its acceptance; CoverDesk obtained ` +
          `the acceptances as the agent of ${name}.`,
    sections: [
      {
        heading: "Licensee",
        rows: [
          ["Licensee", name],
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
        heading: "CoverDesk as the licensee's agent",
        rows: [
          ["Agent", agentText(name, licensee)],
          kind === "compulsory"
            ? ["Notices", `CoverDesk, as the agent of ${name}, served the notices of intention listed below.`]
            : ["Acceptances", `CoverDesk, as the agent of ${name}, obtained the owners' acceptances listed below.`],
          [
            "Prepaid royalty",
            prepaidText(
              view.royalty.total,
              whole,
              compositions.some((c) => c.held),
              view.royalty.notPayable,
            ),
          ],
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
            ? [["Outlets of distribution", release.expectedOutletsOfDistribution] as Row]
            : []),
          ["Quantity", `${view.royalty.quantity.toLocaleString("en-US")} units`],
          ["Royalty per unit", `${formatUsd(view.royalty.perUnit)} (USD)`],
          [
            "Royalty total",
            `${formatUsd(view.royalty.total)} (USD)${whole ? ", each song part's royalty is on its own license" : ""}` +
              view.royalty.notPayableOwners
                .map((o) => `; ${o.ownerName}'s share ${formatUsd(o.amount)}, ${o.reason}`)
                .join(""),
          ],
        ],
      },
      { heading: "What the license covers", rows: SCOPE[kind] },
      { heading: "The licensee's continuing duties", rows: DUTIES[kind] },
      {
        heading: "License",
        rows: [
          ["License date", licensedOn],
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
      kind === "compulsory"
        ? "This document confirms a license the licensee obtained under the statute by its notices and payment; " +
          "CoverDesk prepared it as the licensee's agent and grants nothing of its own."
        : "This document records a voluntary license the copyright owners granted on the terms they accepted; " +
          "CoverDesk prepared it as the licensee's agent and grants nothing of its own.",
    metadata: { title: `License for request ${request.id}: ${title}`, subject: title, createdAt: request.licensedAt },
  });
  return { filename: `coverdesk-license-${request.id}.pdf`, bytes };
}

const SCOPE: Record<LicenseKind, Row[]> = {
  compulsory: [
    ["Territory", "The United States only: phonorecords made and distributed in the United States."],
    [
      "Use",
      "Audio-only phonorecords in the format and quantity above. No video, synchronization, print or lyric display.",
    ],
    [
      "Arrangement",
      "The song may be arranged to fit the recording's style of interpretation, with no change to its lyrics or to " +
        "the melody's fundamental character.",
    ],
  ],
  stream: [
    ["Terms", "The terms each owner accepted, as recorded above, govern this license."],
    ["Territory", "The United States only, unless an owner's terms say otherwise."],
    [
      "Use",
      "Interactive audio streams of the recording above, through the outlets named and up to the quantity above, " +
        "unless an owner's terms say otherwise. No video, synchronization, print or lyric display.",
    ],
    [
      "Arrangement",
      "No change to the song's lyrics or to the melody's fundamental character, unless an owner's terms allow it.",
    ],
  ],
};

const DUTIES: Record<LicenseKind, Row[]> = {
  compulsory: [
    [
      "Monthly statements",
      "Every month, by the 20th, a statement of account to each copyright owner for the phonorecords distributed " +
        "in the month before, with payment of its share of the royalty, and a statement for each year " +
        "(37 CFR part 210). CoverDesk prepares and certifies them as the licensee's agent.",
    ],
    [
      "Default",
      "If an owner gives written notice that a monthly statement or payment is missing and the default is not " +
        "cured within 30 days of that notice, the compulsory license terminates, and the phonorecords whose " +
        "royalty was not paid infringe the owner's copyright.",
    ],
  ],
  stream: [
    [
      "Reports and payment",
      "As each owner's terms require. CoverDesk pays each owner its share of the prepaid royalty as the licensee's " +
        "agent.",
    ],
  ],
};

function agentText(
  name: string,
  licensee: { agentAuthorizedAt: Date | null; agentAuthorizedBy: string | null },
): string {
  if (!licensee.agentAuthorizedAt) return `CoverDesk, authorized agent for ${name}.`;
  const by = licensee.agentAuthorizedBy ? ` by ${licensee.agentAuthorizedBy}` : "";
  return `CoverDesk, authorized agent for ${name}: the client authorized CoverDesk as its agent${by} on ${formatLongDate(licensee.agentAuthorizedAt)}.`;
}

function prepaidText(total: string, whole: boolean, held: boolean, notPayable: string): string {
  const less = notPayable === "0.00" ? "" : `, less ${formatUsd(notPayable)} ${NOT_PAYABLE},`;
  const base = whole
    ? "CoverDesk holds each song part's prepaid royalty, shown on that part's own license, for payment to its copyright owners in their shares."
    : `CoverDesk holds the prepaid royalty of ${formatUsd(total)} (USD)${less} for payment to the copyright owners in their shares.`;
  return held ? `${base} A share ${HELD} is not charged for copies made before that owner is identified.` : base;
}

/** The composition of a licensed request: its linked song, writers, and each owner's share with its notice or acceptance. */
async function composition(db: Conn, requestId: number, heading: string, kind: LicenseKind) {
  const { track } = await loadRequestFacts(db, requestId);
  if (track.catalogSongId === null) throw new Error(`licensed request ${requestId} has no linked song`);
  const [song, notices] = await Promise.all([
    findSongView(db, track.catalogSongId),
    db
      .select({ notice: ownerNotices, ownerEmail: songOwners.email })
      .from(ownerNotices)
      .innerJoin(songOwners, eq(songOwners.id, ownerNotices.ownerId))
      .where(eq(ownerNotices.requestId, requestId))
      .orderBy(asc(ownerNotices.id)),
  ]);
  const held = notices.some((n) => isHeld(n.notice));
  return {
    title: song.title,
    held: kind === "compulsory" && held,
    section: {
      heading,
      rows: [
        ["Song", song.title],
        ["Writers", song.writers.join(", ")],
        ...notices.map(({ notice, ownerEmail }): Row => [
          "Copyright owner",
          kind === "compulsory" ? noticeText(notice, ownerEmail) : acceptanceText(notice),
        ]),
      ] as Row[],
    },
  };
}

type Notice = typeof ownerNotices.$inferSelect;

/** An owner the Office's records do not identify, whose notice is filed there: their share is not payable (yet). */
const isHeld = (n: Notice) =>
  n.ownerNotFoundAt !== null && n.ownerIdentifiedAt === null && n.route === "copyright_office";

/** "Harbor Music Publishing: 60%. Notice of intention served by mail on November 20, 2026, carrier USPS, …." */
function noticeText(n: Notice, ownerEmail: string | null): string {
  const share = `${n.ownerName}: ${toPercent(n.shareBasisPoints)}%${isHeld(n) ? `, ${HELD}, royalty ${NOT_PAYABLE}` : ""}.`;
  const late = n.lateAttestation
    ? ` Served after its due date of ${formatDay(n.lateAttestation.dueOn, "long")}: ` +
      `${n.servedByName ?? "the serving employee"} attested that no phonorecord had been distributed before the ` +
      "notice was served and that it was served within 30 days after the first phonorecord was made" +
      `${n.lateAttestation.note ? ` (${n.lateAttestation.note})` : ""}.`
    : "";
  return `${share} Notice of intention ${servedText(n, ownerEmail)}.${late}`;
}

/** How and when a notice was served; notices served before the day and way were recorded show when they were recorded. */
function servedText(n: Notice, ownerEmail: string | null): string {
  const day = n.servedOn ? formatDay(n.servedOn, "long") : n.servedAt ? formatLongDate(n.servedAt) : "-";
  if (n.servedMethod === "copyright_office" || (n.servedMethod === null && n.route === "copyright_office")) {
    return `filed with the Copyright Office on ${day}${n.filingReference ? `, filing reference ${n.filingReference}` : ""}`;
  }
  if (n.servedMethod === "mail") {
    const carrier = n.servedCarrier
      ? `, carrier ${n.servedCarrier}, ${n.servedTrackingNumber ? `tracking number ${n.servedTrackingNumber}` : "no tracking number"}`
      : "";
    return `served by mail on ${day}${carrier}`;
  }
  if (n.servedMethod === "email") return `served by email on ${day}${ownerEmail ? ` to ${ownerEmail}` : ""}`;
  return `served on ${day}`;
}

/** "Harbor Music Publishing: 60%. Accepted on November 20, 2026, reference HMP-77; terms: …." */
function acceptanceText(n: Notice): string {
  const share = `${n.ownerName}: ${toPercent(n.shareBasisPoints)}%.`;
  if (!n.acceptedOn) return `${share} Acceptance not recorded.`;
  const reference = n.acceptanceReference ? `, reference ${n.acceptanceReference}` : "";
  const terms = n.acceptanceTerms ? `; terms: ${n.acceptanceTerms}` : "; no terms beyond the request as filed";
  return `${share} Accepted on ${formatDay(n.acceptedOn, "long")}${reference}${terms}.`;
}
