import { z } from "zod";
import { requiredText } from "@/lib/validation";

// Interactive streams and the MLC's blanket license (docs/product-rules.md, "Interactive streams"). No database
// imports: the wizard and the staff page read these rules too.

/** Interactive Audio Streams: the one format whose license is not the compulsory license of 17 U.S.C. § 115. */
const STREAM_FORMAT_ID = 1003;

export const isStreamFormat = (formatId: number) => formatId === STREAM_FORMAT_ID;

/** A name as the list is matched by: lower-cased, spaces collapsed (the table's `name_key`). */
export const serviceNameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The outlets text as names: split at commas, semicolons, "&" and the word "and", each trimmed with its inner spaces
 * collapsed, blanks dropped. "Spotify, Apple Music and YouTube Music" is three names.
 */
export function outletNames(outlets: string | null | undefined): string[] {
  if (!outlets) return [];
  return outlets
    .split(/[,;&]|\band\b/i)
    .map((part) => part.trim().replace(/\s+/g, " "))
    .filter((part) => part !== "");
}

/** Why a service on the list needs no license from us: one sentence per matched name, and the refusal's detail. */
export const blanketLicenseReason = (service: string) =>
  `${service} holds the MLC's blanket license (17 U.S.C. § 115(d)) and pays the mechanical royalty for its streams itself`;

export function blanketLicenseDetail(services: string[]): string {
  const one = services.length === 1;
  const named = one ? services[0]! : `${services.slice(0, -1).join(", ")} and ${services.at(-1)}`;
  return (
    `${named} ${one ? "holds" : "hold"} the Mechanical Licensing Collective's blanket license for interactive ` +
    `streams (17 U.S.C. § 115(d)) and ${one ? "pays" : "pay"} the mechanical royalty for every stream on ` +
    `${one ? "its service" : "their services"} ${one ? "itself" : "themselves"}, so no license is needed for ` +
    `${one ? "it" : "them"} and the Copyright Office takes no notices for such streams. Nothing was filed: remove ` +
    "these services from the outlets and file for the other outlets, if any."
  );
}

/** What the wizard says before a stream release is filed: the license is the owners' to give, not compulsory. */
export const VOLUNTARY_STREAM_LICENSE =
  "A license for interactive streams is not a compulsory license: outside the services that hold the MLC's " +
  "blanket license, it is a voluntary license from the copyright owners, which we ask each owner for in writing. " +
  "Streams on Spotify, Apple Music, YouTube Music and the other blanket-licensed services need no license from " +
  "us: those services pay the mechanical royalty themselves.";

/**
 * POST /api/blanket-licensed-services and the staff page's form: a service's name. It may not hold what the outlets
 * text is split at, since a filing's names never could.
 */
export const blanketServiceSchema = z.strictObject(
  {
    name: requiredText("name").refine(
      (name) => name === "" || (outletNames(name).length === 1 && outletNames(name)[0] === name.replace(/\s+/g, " ")),
      'must be one service name, without commas, semicolons, "&" or the word "and"',
    ),
  },
  { error: "the body must be a JSON object" },
);
export type BlanketServiceInput = z.output<typeof blanketServiceSchema>;
