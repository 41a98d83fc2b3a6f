/**
 * What a license is, as its document and the public verification page both name it. Nobody issues a compulsory
 * license: the licensee obtains it by serving notices of intention and paying, CoverDesk acting as its agent; an
 * interactive stream is licensed by the owners themselves, voluntarily (docs/licensing-law.md, "What the license
 * document says").
 */
export type LicenseKind = "compulsory" | "stream";

/** Interactive Audio Streams: licensed by each owner's acceptance, never under the statute. */
const INTERACTIVE_AUDIO_STREAMS = 1003;

export const licenseKind = (formatId: number): LicenseKind =>
  formatId === INTERACTIVE_AUDIO_STREAMS ? "stream" : "compulsory";

export const LICENSE_TITLES: Record<LicenseKind, string> = {
  compulsory: "Confirmation of compulsory license (17 U.S.C. § 115)",
  stream: "Stream license from the copyright owners (voluntary; not under 17 U.S.C. § 115)",
};
