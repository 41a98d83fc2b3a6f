import type { Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { requireCompleteLicensee } from "@/lib/licensees/complete-licensee";
import { createOwnerNotices } from "@/lib/licensing/begin-licensing";
import { requireLicensableSong } from "@/lib/licensing/licensable-song";
import { requirePaid } from "@/lib/money/require-paid";
import { applyTransition, assertTransition } from "@/lib/requests/apply-transition";
import { lockRequest } from "@/lib/requests/lock-request";
import { refuseMovingWholeByHand } from "@/lib/requests/medley-whole-guard";
import { findRequestView, type RequestView } from "@/lib/requests/request-view";
import { refuseCancellingByStaff, refuseLicensingByHand } from "@/lib/requests/staff-moves";
import { passEligibility } from "./eligibility-gate";
import type { StatusChangeInput } from "./status-schemas";

/**
 * POST /api/requests/{id}/status: an employee moves a request along the state machine of docs/product-rules.md, "Request statuses".
 * `cancelled` is the client's decision (403 here; the client uses cancelRequest) and `licensed` is only
 * ever reached by serving the last notice (409).
 */
export async function changeStatus(
  db: Db,
  actor: Actor,
  requestId: number,
  input: StatusChangeInput,
): Promise<RequestView> {
  const employee = requireEmployee(actor, "change a request's status");
  refuseCancellingByStaff(input.code);
  await db.transaction(async (tx) => {
    // lockRequest takes the album lock first: once licensing begins, no album, track or release edit can slip in.
    const request = await lockRequest(tx, {}, requestId);
    assertTransition(request.statusCode, input.code);
    refuseLicensingByHand(input.code);
    await refuseMovingWholeByHand(tx, request, input.code);
    if (input.code === "ready") {
      await requireLicensableSong(tx, request.catalogSongId);
      await passEligibility(tx, employee, request, input.override);
    }
    if (input.code === "in_progress") {
      await requirePaid(tx, request.id);
      await requireCompleteLicensee(tx, request.albumId);
      await createOwnerNotices(tx, request);
    }
    await applyTransition(tx, employee, request, {
      to: input.code,
      reason: input.reason,
      note: input.note,
      noteVisibility: input.noteVisibility,
    });
  });
  return findRequestView(db, {}, requestId);
}
