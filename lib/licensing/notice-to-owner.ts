import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { ownerNotices, songOwners } from "@/db/schema";
import { notFound, invalidTransition } from "@/lib/errors";
import type { LockedRequest } from "@/lib/requests/lock-request";
import { STATUSES } from "@/lib/requests/statuses";

/**
 * The notice to an owner on a request the caller has locked. None: 409 invalid_transition when that is because
 * licensing is not in progress (notices exist from then on), else 404 (no such owner on the request).
 */
export async function noticeToOwner(tx: Tx, request: LockedRequest, ownerId: number) {
  const [notice] = await tx
    .select()
    .from(ownerNotices)
    .where(and(eq(ownerNotices.requestId, request.id), eq(ownerNotices.ownerId, ownerId)));
  if (notice) return notice;
  const [owner] = await tx.select({ id: songOwners.id }).from(songOwners).where(eq(songOwners.id, ownerId));
  if (owner && request.statusCode !== "in_progress") {
    throw invalidTransition(
      `Notices are served while licensing is in progress; this request is "${STATUSES[request.statusCode].label}".`,
    );
  }
  throw notFound(`A notice to owner ${ownerId} on request ${request.id}`);
}
