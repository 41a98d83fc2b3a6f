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
