import { permission } from "@/lib/auth/permission";
import { forbidden, invalidTransition } from "@/lib/errors";
import { movableByHand } from "./medley-whole-guard";
import { TRANSITIONS, type StatusCode } from "./statuses";

/** `cancelled` is the client's decision (cancelRequest): staff are refused it whatever the request's status. */
export function refuseCancellingByStaff(to: StatusCode): void {
  if (to === "cancelled") throw forbidden("Only the client can cancel a request (POST /api/requests/{id}/cancel).");
}

/** `licensed` is only ever reached by serving the last notice; call it once the move is known to follow the state machine. */
export function refuseLicensingByHand(to: StatusCode): void {
  if (to === "licensed")
    throw invalidTransition("A request becomes licensed by itself when the notice to its last owner is served.");
}

const byHand = (to: StatusCode) =>
  permission(() => {
    refuseCancellingByStaff(to);
    refuseLicensingByHand(to);
  }).allowed;

/**
 * The statuses staff may move a request to themselves (changeStatus refuses every other; a move to one may still wait for a song link or a payment): the state machine's next
 * statuses but `cancelled` and `licensed`, and for a medley whole none of those it only reaches with its parts.
 */
export const staffNextStatuses = (from: StatusCode, medleyWhole: boolean): StatusCode[] =>
  TRANSITIONS[from].filter((to) => byHand(to) && movableByHand(medleyWhole, to));
