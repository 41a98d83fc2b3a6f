import type { licensees, releases } from "@/db/schema";
import { formatDay, formatLongDate, formatMonth } from "@/lib/formatting";
import { licenseeName } from "@/lib/licensees/licensee-name";

/** The heading 37 CFR 201.18(c) gives a notice of intention, on the letter and the Copyright Office filing alike. */
export const NOTICE_HEADING =
  "Notice of Intention to Obtain a Compulsory License for Making and Distributing Phonorecords";

/** What a notice prints when the catalog or the client gave nothing for a field the regulation asks for. */
const NONE_ASSIGNED = "none assigned";

type Licensee = typeof licensees.$inferSelect;
type Row = [label: string, value: string];

// The renderer drops an empty row; a notice must show that a detail is missing, never silently leave it out.
const orMissing = (value: string, what: string) => value.trim() || `(no ${what} on file)`;

/** The licensee's full street address on one line: street, city, state and ZIP, country. */
function licenseeAddress(l: Licensee) {
  const stateZip = [l.state, l.zip].filter(Boolean).join(" ");
  return orMissing([l.address, l.city, stateZip, l.country].filter(Boolean).join(", "), "address");
}

/**
 * Who intends to obtain the license, as the notice identifies it (37 CFR 201.18(d)): the full legal name, telephone
 * and street address, and for an entity its principal officers or owners.
 */
export function licenseeRows(l: Licensee): Row[] {
  return [
    ["Full legal name", licenseeName(l)],
    ["Street address", licenseeAddress(l)],
    ["Telephone", orMissing(l.phone1 ?? "", "telephone")],
    ...(l.companyName ? [["Officers or owners", orMissing(l.officers ?? "", "officers or owners")] as Row] : []),
    ["Email", l.email ?? ""],
  ];
}

/**
 * The phonorecords as the notice describes them: the label and catalog number ("none assigned" when the client gave
 * none), the date of manufacture when known, and the month of first distribution.
 */
export function releaseRows(release: typeof releases.$inferSelect, physical: boolean): Row[] {
  return [
    ["Label", release.label ?? NONE_ASSIGNED],
    ["Catalog number", release.catalogNumber ?? NONE_ASSIGNED],
    ...(physical && release.manufactureDate
      ? [["Date of manufacture", formatDay(release.manufactureDate, "long")] as Row]
      : []),
    ["Release month", `${formatMonth(release.releaseMonth, release.releaseYear)} (expected first distribution)`],
  ];
}

/**
 * The signature: CoverDesk signs as the licensee's authorized agent, by the employee who served the notice (or who
 * prints it before it is served), on the authority the client gave when the licensee was created.
 */
export function signatureRows(l: Licensee, signedBy: string): Row[] {
  const authority = l.agentAuthorizedAt
    ? `recorded ${formatLongDate(l.agentAuthorizedAt)}${l.agentAuthorizedBy ? ` (given by ${l.agentAuthorizedBy})` : ""}`
    : "not recorded";
  return [
    ["Signed", `CoverDesk, authorized agent for ${licenseeName(l)}`],
    ["By", signedBy],
    ["Agent's authority", authority],
  ];
}
