import type { LicenseeField } from "@/lib/licensees/fields";

export const LICENSEE_LABELS: Record<LicenseeField, string> = {
  companyName: "Company name",
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  phone1: "Phone",
  externalLicenseeId: "Your licensee id",
  address: "Address",
  city: "City",
  state: "State",
  zip: "ZIP",
  country: "Country",
};
