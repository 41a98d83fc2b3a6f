/**
 * Why the notice letter to an owner cannot be printed, or null when it can. The letter goes by post unless the notice
 * was served by email; an owner with no postal address would get a letter addressed to no one, which serves nothing.
 * The API answers 409 owner_contact_missing with this text, and the staff page shows it instead of the letter's link.
 */
export function letterRefusal(n: { ownerName: string; postalAddress: string | null; method: string | null }) {
  if (n.postalAddress?.trim() || n.method === "email") return null;
  return (
    `${n.ownerName} has no postal address on file, so the notice letter cannot be mailed: add the owner's postal ` +
    "address in the catalog, then print the letter."
  );
}
