// What the portal and the API say about a stream request's license (docs/licensing-law.md, "Interactive streams").
// No database imports: the staff page's components show it too.

/** Why a stream request has no notice to serve: the 409 of serving one, and the staff page's note. */
export const NO_NOTICE_FOR_STREAMS =
  "Interactive streams are not licensed under 17 U.S.C. § 115: there is no notice of intention to serve. The " +
  "license is voluntary, from the copyright owners: record each owner's written acceptance instead.";
