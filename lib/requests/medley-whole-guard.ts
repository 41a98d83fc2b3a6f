import { count, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { tracks } from "@/db/schema";
import { invalidTransition } from "@/lib/errors";
import type { LockedRequest } from "./lock-request";
import { STATUSES, type StatusCode } from "./statuses";

/** The moves a medley whole only ever makes by following its parts (docs/product-rules.md, "Medleys"). */
const FOLLOWED: readonly StatusCode[] = ["ready", "need_payment", "in_progress"];

/** Whether staff can move this request to `to` themselves (a medley whole follows its parts instead). */
export const movableByHand = (medleyWhole: boolean, to: StatusCode) => !medleyWhole || !FOLLOWED.includes(to);

/**
 * A medley whole has no song of its own and owes nothing: it becomes ready, and licensing begins on it, only through
 * its song parts (lib/requests/medley-whole-status.ts). Staff may still ask for info on it or mark it cannot_license.
 */
export async function refuseMovingWholeByHand(tx: Tx, request: LockedRequest, to: StatusCode): Promise<void> {
  if (movableByHand(request.medley, to)) return;
  const [row] = await tx.select({ n: count() }).from(tracks).where(eq(tracks.medleyTrackId, request.trackId));
  const parts = row?.n ?? 0;
  const have =
    parts === 0 ? "it has no song parts" : parts === 1 ? "it has only one song part" : `it has ${parts} song parts`;
  throw invalidTransition(
    `This request is for a medley as a whole, which follows its song parts: it becomes "${STATUSES.ready.label}" when every ` +
      `part is, and licensing begins on it with its parts. ${have[0]!.toUpperCase()}${have.slice(1)}` +
      (parts < 2
        ? "; a medley needs at least two, each filed as its own request (POST /api/albums, or POST /api/requests with track.medleyTrackId)."
        : "; move the parts instead."),
  );
}
