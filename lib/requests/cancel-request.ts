import type { Db } from "@/db/client";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { applyTransition, invalidTransition } from "./apply-transition";
import { lockRequest } from "./lock-request";
import { findRequestView, type RequestView } from "./request-view";
import { requireClient } from "./require-client";

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
    await applyTransition(tx, client, request, { to: "cancelled", note: input.note });
  });
  return findRequestView(db, scope, requestId);
}
