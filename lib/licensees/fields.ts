import { z } from "zod";
import { optionalText } from "@/lib/validation";

export const LICENSEE_FIELDS = [
  "companyName",
  "firstName",
  "lastName",
  "email",
  "phone1",
  "address",
  "city",
  "state",
  "zip",
  "country",
  "externalLicenseeId",
  "officers",
] as const;
export type LicenseeField = (typeof LICENSEE_FIELDS)[number];

/** A licensee's contact fields: the rules of a new licensee and of PATCH /api/licensees/{id}. */
export const licenseeFields = {
  companyName: optionalText("name"),
  firstName: optionalText("name"),
  lastName: optionalText("name"),
  email: z
    .string({ error: "must be a string or null" })
    .trim()
    .max(320, "must be at most 320 characters")
    .pipe(z.email({ error: "must be an email address" }))
    .nullish()
    .transform((v) => v ?? null),
  phone1: optionalText("short"),
  address: optionalText(),
  city: optionalText("name"),
  state: optionalText("short"),
  zip: optionalText("short"),
  country: optionalText("short"),
  externalLicenseeId: optionalText("key"),
  /** A company's principal officers or owners, as its notices of intention name them. */
  officers: optionalText("name"),
} satisfies Record<LicenseeField, z.ZodType<string | null>>;

/** A change to a licensee: any of its fields (the JSON Patch paths are the field names). */
export const licenseeChanges = z.strictObject(licenseeFields).partial();
export type LicenseeChanges = z.output<typeof licenseeChanges>;

/** What a whole licensee record needs, new or changed: a last name or a company name, and an email. */
export function licenseeRecordErrors(licensee: {
  lastName: string | null;
  companyName: string | null;
  email: string | null;
}) {
  const errors: { field: LicenseeField; message: string }[] = [];
  if (!licensee.lastName && !licensee.companyName)
    errors.push({ field: "lastName", message: "a licensee needs lastName or companyName" });
  if (!licensee.email) errors.push({ field: "email", message: "a licensee needs an email" });
  return errors;
}

/** The details a notice of intention states about its licensee (17 U.S.C. § 115(b), 37 CFR 201.18(d)). */
type NoticeDetails = Pick<
  Record<LicenseeField, string | null>,
  "companyName" | "firstName" | "lastName" | "address" | "city" | "state" | "zip" | "country" | "phone1" | "officers"
>;

/**
 * What a licensee still lacks before its notices can be served (docs/product-rules.md, "Licensee details and
 * agency"): a legal name (a company, or a person's first and last name), a street address with city, state or ZIP and
 * country, a telephone, and for a company its officers or owners. One entry per missing field, at its field name.
 */
export function licenseeGaps(l: NoticeDetails): { path: LicenseeField; message: string }[] {
  const gaps: { path: LicenseeField; message: string }[] = [];
  const missing = (path: LicenseeField, message: string) => gaps.push({ path, message });
  if (!l.companyName) {
    if (!l.firstName) missing("firstName", "a person's legal name needs a first name (or give companyName)");
    if (!l.lastName) missing("lastName", "a person's legal name needs a last name (or give companyName)");
  }
  if (!l.address) missing("address", "the notice states the licensee's street address");
  if (!l.city) missing("city", "the notice states the licensee's city");
  if (!l.state && !l.zip) missing("state", "the notice states the licensee's state or ZIP code");
  if (!l.country) missing("country", "the notice states the licensee's country");
  if (!l.phone1) missing("phone1", "the notice states the licensee's telephone number");
  if (l.companyName && !l.officers) missing("officers", "a company's notice names its principal officers or owners");
  return gaps;
}

/** The licensee's missing details as one sentence: "address, phone1". */
export const gapList = (gaps: readonly { path: string }[]) => gaps.map((g) => g.path).join(", ");
