import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ownerNotices } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { invalidTransition } from "@/lib/errors";
import { lockRequest } from "@/lib/requests/lock-request";
import { findRequestView, type RequestView } from "@/lib/requests/request-view";
import { STATUSES } from "@/lib/requests/statuses";
import { serveLockedNotices } from "./serve-notice";
import type { ServeNoticeInput } from "./serve-notice-schema";

/**
 * Every notice of a request still to serve is served, in one transaction (which licenses the request): the bulk
 * "serve the open notices" of the staff queue, on the day and in the way given, under the rules of one notice (a late
 * request needs the attestation). All or none: an owner that cannot be served refuses the request.
 */
export async function serveOpenNotices(
  db: Db,
  actor: Actor,
  requestId: number,
  serving: ServeNoticeInput,
): Promise<RequestView> {
  const employee = requireEmployee(actor, "serve notices of intention");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    if (request.statusCode !== "in_progress") {
      throw invalidTransition(
        `Notices are served while licensing is in progress; this request is "${STATUSES[request.statusCode].label}".`,
      );
    }
    await serveLockedNotices(
      tx,
      employee,
      request,
      await tx.select().from(ownerNotices).where(eq(ownerNotices.requestId, requestId)),
      serving,
    );
  });
  return findRequestView(db, {}, requestId);
}
