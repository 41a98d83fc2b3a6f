import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { requests } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { recordStatusEvent } from "./record-status-event";
import { findRequestView, type RequestView } from "./request-view";
import { requireClient } from "./require-client";
import { STATUSES, TRANSITIONS } from "./statuses";

/** The client withdraws a request before licensing has begun (new, need info or ready → cancelled). */
export async function cancelRequest(db: Db, actor: Actor, requestId: number): Promise<RequestView> {
  const client = requireClient(actor, "cancel requests");
  const scope = scopeOf(client);
  await db.transaction(async (tx) => {
    const request = await findRequestView(tx, scope, requestId);
    const from = request.status.code;
    if (!TRANSITIONS[from].includes("cancelled")) {
      throw new DomainError("invalid_transition", `A request that is "${STATUSES[from].label}" can no longer be cancelled.`);
    }
    // The status in the where makes a concurrent change lose cleanly instead of being overwritten.
    const [updated] = await tx
      .update(requests)
      .set({ statusCode: "cancelled", statusReason: null, dateUpdated: now() })
      .where(and(eq(requests.id, request.id), eq(requests.statusCode, from)))
      .returning({ id: requests.id });
    if (!updated) throw new DomainError("invalid_transition", "The request's status changed meanwhile; reload and try again.");
    await recordStatusEvent(tx, client, { requestId: request.id, fromCode: from, toCode: "cancelled" });
    await recordAudit(tx, client, {
      action: "request.cancelled",
      entityType: "request",
      entityId: request.id,
      accountId: client.accountId,
      detail: { from },
    });
  });
  return findRequestView(db, scope, requestId);
}
