import type { Db } from "@/db/client";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { invalidTransition } from "@/lib/errors";
import { applyTransition } from "./apply-transition";
import { lockRequest } from "./lock-request";
import { findRequestView, type RequestView } from "./request-view";
import { requireClient } from "@/lib/auth/require-client";
import { TRANSITIONS, type StatusCode } from "./statuses";

/**
 * Who may cancel, and when: client staff, before licensing has begun, from a status that allows it
 * (docs/product-rules.md, "Transitions").
 */
export function mayCancel(actor: Actor, request: { statusCode: StatusCode; licensingBegun: boolean }): boolean {
  return actor.kind === "client" && !request.licensingBegun && TRANSITIONS[request.statusCode].includes("cancelled");
}

/** POST /api/requests/{id}/cancel: client staff withdraw their own request, only before licensing has begun. */
export async function cancelRequest(
  db: Db,
  actor: Actor,
  requestId: number,
  input: { note: string | null } = { note: null },
): Promise<RequestView> {
  const client = requireClient(actor, "cancel requests");
  const scope = scopeOf(client);
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, scope, requestId);
    if (request.licensingBegunAt !== null) {
      throw invalidTransition("Licensing of this request has begun; it can no longer be cancelled.");
    }
    // Any other refusal comes from the state machine, with the statuses it could move to.
    await applyTransition(tx, client, request, { to: "cancelled", note: input.note });
  });
  return findRequestView(db, scope, requestId);
}
