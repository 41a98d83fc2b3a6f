/** How a licensee is named: its company, else its person. */
export function licenseeName(l: { companyName: string | null; firstName: string | null; lastName: string | null }) {
  return l.companyName ?? ([l.firstName, l.lastName].filter(Boolean).join(" ") || "(unnamed licensee)");
}
