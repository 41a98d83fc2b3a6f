/** How people name a licensee: its company, else its person's name. */
export function licenseeName(l: { companyName: string | null; firstName: string | null; lastName: string | null }): string {
  return l.companyName || [l.firstName, l.lastName].filter(Boolean).join(" ") || "Unnamed licensee";
}
