/**
 * Who may read a wall post or a status note, narrowest last: `public` (everyone of the account, licensees
 * included), `private` (client staff and employees), `staff` (employees only). The rules are in wall-permissions.ts.
 */
export const VISIBILITIES = ["public", "private", "staff"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The narrower of two visibilities: a reply is at least as narrow as its parent (visibility only ever narrows down a thread). */
export const narrowest = (a: Visibility, b: Visibility): Visibility =>
  VISIBILITIES.indexOf(a) >= VISIBILITIES.indexOf(b) ? a : b;

/** How the portal names each visibility, and who it says will read a post or note. */
export const VISIBILITY_TEXT: Record<Visibility, { label: string; readers: string }> = {
  public: { label: "Public", readers: "the licensee will see it too" },
  private: { label: "Private", readers: "hidden from the licensee; client staff and service staff see it" },
  staff: { label: "Staff only", readers: "only service staff will see it, never the client or the licensee" },
};
