import { and, eq, ne } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { invalidTransition } from "@/lib/errors";
import { requireLicensableSong } from "@/lib/licensing/licensable-song";
import { applyTransition } from "@/lib/requests/apply-transition";
import { lockRequest, type LockedRequest } from "@/lib/requests/lock-request";
import { refuseMovingWholeByHand } from "@/lib/requests/medley-whole-guard";
import { findRequestView, type RequestView } from "@/lib/requests/request-view";
import { passEligibility } from "./eligibility-gate";

/** Why a request cannot be taken through in one action, or null when it can. */
export async function fastTrackRefusal(
  db: Conn,
  request: Pick<LockedRequest, "id" | "kind" | "statusCode" | "trackId" | "catalogSongId">,
) {
  if (request.kind !== "reorder") return "Only a reorder is taken through in one action.";
  if (request.statusCode !== "new") return "Only a new reorder is taken through in one action.";
  if (request.catalogSongId === null) return "The track's song is not linked to the catalog yet.";
  const [licensed] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.trackId, request.trackId), ne(requests.id, request.id), eq(requests.statusCode, "licensed")))
    .limit(1);
  return licensed ? null : "No earlier request of this track is licensed yet.";
}

/**
 * POST /api/requests/{id}/fast-track: a reorder of a track already licensed keeps its song link (the link is the
 * track's), so the research is done: `new` → `ready` → `need_payment` in one action, each step on the timeline,
 * with the same checks as one step at a time.
 */
export async function fastTrackReorder(db: Db, actor: Actor, requestId: number): Promise<RequestView> {
  const employee = requireEmployee(actor, "change a request's status");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    const refusal = await fastTrackRefusal(tx, request);
    if (refusal) throw invalidTransition(refusal);
    await refuseMovingWholeByHand(tx, request, "ready");
    await requireLicensableSong(tx, request.catalogSongId);
    // A reorder carries its track's answers and their override (reorderTrack): the same gate as one step at a time.
    await passEligibility(tx, employee, request, undefined);
    const note = "Reorder of a licensed track: its song link carries over.";
    await applyTransition(tx, employee, request, { to: "ready", note, noteVisibility: "private" });
    await applyTransition(tx, employee, { ...request, statusCode: "ready" }, { to: "need_payment" });
  });
  return findRequestView(db, {}, requestId);
}
