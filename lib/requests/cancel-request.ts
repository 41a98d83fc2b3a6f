import type { Db } from "@/db/client";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { invalidTransition } from "@/lib/errors";
import { requireClient } from "@/lib/auth/require-client";
import { applyTransition, assertTransition } from "./apply-transition";
import { lockRequest } from "./lock-request";
import { findRequestView, type RequestView } from "./request-view";
import type { StatusCode } from "./statuses";

/**
 * Who may cancel, and when: client staff, before licensing has begun, from a status the state machine lets move
 * to `cancelled`. Throws the refusal; the request page offers Cancel from the same rule (request-actions.ts).
 */
export function assertCancellable(actor: Actor, request: { statusCode: StatusCode; licensingBegun: boolean }): void {
  requireClient(actor, "cancel requests");
  if (request.licensingBegun)
    throw invalidTransition("Licensing of this request has begun; it can no longer be cancelled.");
  assertTransition(request.statusCode, "cancelled");
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
    assertCancellable(client, { statusCode: request.statusCode, licensingBegun: request.licensingBegunAt !== null });
    await applyTransition(tx, client, request, { to: "cancelled", note: input.note });
  });
  return findRequestView(db, scope, requestId);
}
