import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { catalogSongs, formats, licensees, releases, requests, tracks } from "@/db/schema";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { requestRows } from "@/lib/requests/request-rows";
import { VERIFICATION_CODE } from "@/lib/requests/verification-code";
import { LICENSE_TITLES, licenseKind } from "./license-title";

/**
 * The public check of a license by its verification code (no sign-in): what the license covers and whether it is
 * valid (the request is licensed), named as its document names it (a compulsory license confirmed, or a stream license
 * from the owners). Nothing else: no account, price, contact or note. An unknown or malformed code
 * is null. Lookups are limited per IP address before the page renders (countVerificationLookup, from proxy.ts).
 */
export async function verifyLicense(db: Conn, code: string) {
  if (!VERIFICATION_CODE.test(code)) return null;
  const [row] = await requestRows(db, {
    status: requests.statusCode,
    licensedAt: requests.licensedAt,
    units: requests.royaltyQuantity,
    trackId: tracks.id,
    medley: tracks.medley,
    songTitle: tracks.songTitle,
    catalogTitle: catalogSongs.title,
    catalogWriters: catalogSongs.writers,
    releaseYear: releases.releaseYear,
    releaseMonth: releases.releaseMonth,
    formatId: releases.formatId,
    formatTitle: formats.title,
    licensee: { companyName: licensees.companyName, firstName: licensees.firstName, lastName: licensees.lastName },
  })
    .leftJoin(catalogSongs, eq(catalogSongs.id, tracks.catalogSongId))
    .innerJoin(formats, eq(formats.id, releases.formatId))
    .where(eq(requests.verificationCode, code));
  if (!row) return null;
  // A medley as a whole is licensed through its song parts: their writers are the medley's.
  const writers = row.medley ? await medleyWriters(db, row.trackId) : (row.catalogWriters ?? []);
  const kind = licenseKind(row.formatId);
  return {
    valid: row.status === "licensed",
    kind,
    title: LICENSE_TITLES[kind],
    song: { title: row.catalogTitle ?? row.songTitle, writers },
    licensee: licenseeName(row.licensee),
    format: row.formatTitle,
    licensedUnits: row.units,
    releaseMonth: `${row.releaseYear}-${String(row.releaseMonth).padStart(2, "0")}`,
    licensedAt: row.licensedAt,
  };
}
export type LicenseVerification = NonNullable<Awaited<ReturnType<typeof verifyLicense>>>;

async function medleyWriters(db: Conn, wholeTrackId: number): Promise<string[]> {
  const parts = await db
    .select({ writers: catalogSongs.writers })
    .from(tracks)
    .innerJoin(catalogSongs, eq(catalogSongs.id, tracks.catalogSongId))
    .where(eq(tracks.medleyTrackId, wholeTrackId));
  return [...new Set(parts.flatMap((p) => p.writers))];
}
