import type { Conn } from "@/db/client";
import type { licensees } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { findLicensee } from "./find-licensee";

const toLicenseeView = (l: typeof licensees.$inferSelect) => ({
  id: l.id,
  companyName: l.companyName,
  firstName: l.firstName,
  lastName: l.lastName,
  email: l.email,
  phone1: l.phone1,
  address: l.address,
  city: l.city,
  state: l.state,
  zip: l.zip,
  country: l.country,
  externalLicenseeId: l.externalLicenseeId,
  officers: l.officers,
  // Read-only: recorded when the licensee was created, the authority its notices are signed on.
  agentAuthorizedAt: l.agentAuthorizedAt?.toISOString() ?? null,
  agentAuthorizedBy: l.agentAuthorizedBy,
  dateAdded: l.dateAdded.toISOString(),
});
export type LicenseeView = ReturnType<typeof toLicenseeView>;

export async function getLicensee(db: Conn, actor: Actor, id: string): Promise<LicenseeView> {
  return toLicenseeView(await findLicensee(db, scopeOf(actor), id));
}
