import { and, asc, eq, exists, inArray, isNotNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { formats, releases, requests } from "@/db/schema";
import { serviceDate } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { monthName } from "@/lib/formatting";
import { checkReleaseDate } from "./release-date";

type ReleaseState = { releaseMonth: number; releaseYear: number; licensingBegun: boolean };

/**
 * Why a new track cannot join an existing release (the wizard's "existing release"), or null when it can: its
 * licensing has begun (it is locked for good), or its month is no longer open for new requests.
 */
function joinRefusal(release: ReleaseState, today = serviceDate()): string | null {
  if (release.licensingBegun) return "licensing has begun on this release";
  try {
    checkReleaseDate(release.releaseMonth, release.releaseYear, today);
    return null;
  } catch (err) {
    if (err instanceof DomainError)
      return `${monthName(release.releaseMonth)} ${release.releaseYear} is no longer open for new requests`;
    throw err;
  }
}

const licensingBegunOn = (db: Conn) =>
  exists(
    db
      .select({ one: requests.id })
      .from(requests)
      .where(and(eq(requests.releaseId, releases.id), isNotNull(requests.licensingBegunAt))),
  ).mapWith(Boolean);

/** The releases of the given albums (already scoped by the caller), each with whether a new track may join it. */
export async function releaseChoices(db: Conn, albumIds: number[]) {
  if (albumIds.length === 0) return [];
  const rows = await db
    .select({
      id: releases.id,
      albumId: releases.albumId,
      formatId: releases.formatId,
      formatTitle: formats.title,
      releaseMonth: releases.releaseMonth,
      releaseYear: releases.releaseYear,
      releaseQuantity: releases.releaseQuantity,
      expectedOutletsOfDistribution: releases.expectedOutletsOfDistribution,
      licensingBegun: licensingBegunOn(db),
    })
    .from(releases)
    .innerJoin(formats, eq(formats.id, releases.formatId))
    .where(inArray(releases.albumId, albumIds))
    .orderBy(asc(releases.dateAdded), asc(releases.id));
  const today = serviceDate();
  return rows.map(({ licensingBegun, ...r }) => ({ ...r, refusal: joinRefusal({ ...r, licensingBegun }, today) }));
}

/** Inside a write: refuses joining `release` with the reason, as validation_failed at `path`. */
export async function assertJoinable(
  db: Conn,
  release: { id: number; releaseMonth: number; releaseYear: number },
  path: string,
) {
  const [row] = await db
    .select({ begun: licensingBegunOn(db) })
    .from(releases)
    .where(eq(releases.id, release.id));
  const refusal = joinRefusal({ ...release, licensingBegun: row?.begun === true });
  if (refusal)
    throw new DomainError("validation_failed", `Release ${release.id}: ${refusal}.`, [{ path, message: refusal }]);
}
