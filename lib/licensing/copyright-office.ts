// What the portal and the API say about owners the Copyright Office's records do not identify (docs/product-rules.md,
// "Filing with the Copyright Office").

/** Why a digital format leaves no way to serve the notice: shown on the staff page and in the 409. */
export const NO_FILING_FOR_DIGITAL =
  "The Copyright Office accepts a notice of intention for an owner its records do not identify only for physical " +
  "phonorecords (CD, vinyl, cassette…). Since the Music Modernization Act (2018), digital deliveries are licensed " +
  "through the MLC's blanket license instead, which is not a notice this service can serve.";

export const noFilingPossible = (ownerName: string) =>
  `${ownerName} is not in the Copyright Office's records and this release is digital, so the notice can neither be ` +
  `served nor filed: ${NO_FILING_FOR_DIGITAL} The request cannot be licensed on this share.`;
