import { count, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { tracks } from "@/db/schema";
import { invalidTransition } from "./apply-transition";
import type { LockedRequest } from "./lock-request";

/**
 * A medley whole with fewer than two song parts cannot become ready (product.md §3): filed alone, the whole owes
 * nothing and the songs it holds would go unpaid.
 */
export async function requireMedleyParts(tx: Tx, request: LockedRequest): Promise<void> {
  if (!request.medley) return;
  const [row] = await tx.select({ n: count() }).from(tracks).where(eq(tracks.medleyTrackId, request.trackId));
  const parts = row?.n ?? 0;
  if (parts >= 2) return;
  throw invalidTransition(
    `This request is for a medley as a whole, which owes nothing itself, and it has ${parts === 0 ? "no song parts" : "only one song part"}; ` +
      "a medley needs at least two, each filed as its own request (POST /api/albums, or POST /api/requests with " +
      "track.medleyTrackId), before it can be ready.",
  );
}
