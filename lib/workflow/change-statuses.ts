import type { Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { DomainError, type ErrorCode } from "@/lib/errors";
import { serveOpenNotices } from "@/lib/licensing/serve-open-notices";
import { moveRequest } from "./move-request";
import { SERVE_NOTICES, type BulkStatusInput } from "./status-schemas";

export type BulkResult = { id: number; ok: true } | { id: number; ok: false; code: ErrorCode; detail: string };

/**
 * POST /api/requests/status: the same move for several requests, each in its own transaction with the rules and locks
 * of a move one at a time; a refused one is reported (code and detail) and does not stop the others.
 */
export async function changeStatuses(db: Db, actor: Actor, input: BulkStatusInput): Promise<BulkResult[]> {
  requireEmployee(actor, "change requests' statuses");
  const { requestIds, code, servedOn, method, carrier, trackingNumber, filingReference, lateAttestation, ...change } =
    input;
  const serving = { servedOn, method, carrier, trackingNumber, filingReference, lateAttestation, note: change.note };
  const results: BulkResult[] = [];
  for (const id of requestIds) {
    try {
      if (code === SERVE_NOTICES) await serveOpenNotices(db, actor, id, serving);
      else await moveRequest(db, actor, id, { ...change, code });
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ id, ok: false, code: error.code, detail: error.detail });
    }
  }
  return results;
}
