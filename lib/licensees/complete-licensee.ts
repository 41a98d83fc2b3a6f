import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, licensees } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { gapList, licenseeGaps } from "./fields";
import { licenseeName } from "./licensee-name";

/** The licensee of an album with what its notices still lack (licenseeGaps). */
async function albumLicenseeGaps(db: Conn, albumId: number) {
  const [licensee] = await db
    .select()
    .from(licensees)
    .innerJoin(albums, eq(albums.licenseeId, licensees.id))
    .where(eq(albums.id, albumId));
  if (!licensee) throw new Error(`album ${albumId} has no licensee`);
  return { licensee: licensee.licensees, gaps: licenseeGaps(licensee.licensees) };
}

/**
 * Entering `in_progress`: the notices served from then on state the licensee's legal name, address, telephone and
 * (a company's) officers, so a licensee missing any of them is 409 licensee_incomplete, one entry per missing field.
 */
export async function requireCompleteLicensee(db: Conn, albumId: number): Promise<void> {
  const { licensee, gaps } = await albumLicenseeGaps(db, albumId);
  if (gaps.length === 0) return;
  throw new DomainError(
    "licensee_incomplete",
    `Licensing cannot begin: the notices of intention must state the licensee's legal name, street address, ` +
      `telephone and (for a company) its officers or owners. ${licenseeName(licensee)} (licensee ${licensee.id}) ` +
      `lacks: ${gapList(gaps)}. Complete them on the licensee (PATCH /api/licensees/${licensee.id}).`,
    gaps,
  );
}
