import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { ownerNotices, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { amountPaidSql } from "@/lib/money/request-amounts";
import { applyTransition } from "./apply-transition";
import { lengthNeededSql, licensingBlockers, type LicensingBlocker } from "./licensing-blockers";
import { lockRequest, type LockedRequest } from "./lock-request";
import { requestRows } from "./request-rows";

type Notice = typeof ownerNotices.$inferSelect;

/** What keeps the request from being licensed now (licensingBlockers), read in the caller's transaction. */
async function readLicensingBlockers(tx: Tx, requestId: number): Promise<LicensingBlocker[]> {
  const [row] = await requestRows(tx, {
    statusCode: requests.statusCode,
    royaltyTotal: requests.royaltyTotal,
    serviceFee: requests.serviceFee,
    amountPaid: amountPaidSql,
    lengthNeeded: lengthNeededSql,
  }).where(eq(requests.id, requestId));
  return row ? licensingBlockers(row) : [];
}

/**
 * Once no owner of a locked request is left to serve (a notice served, or a stream license accepted) and nothing
 * blocks it (its length, a top-up: licensingBlockers), it is licensed, with a timeline note that `describe` writes
 * from every owner's row: the one place every way to a license ends, so the license, its verification code, the
 * owners' royalties, the audit trail, mail and webhooks are the same whichever step came last.
 */
export async function licenseWhenDone(
  tx: Tx,
  actor: Actor,
  request: LockedRequest,
  describe: (owners: Notice[]) => string,
): Promise<void> {
  const [pending] = await tx
    .select({ n: count() })
    .from(ownerNotices)
    .where(and(eq(ownerNotices.requestId, request.id), isNull(ownerNotices.servedAt)));
  if (pending?.n !== 0) return;
  if ((await readLicensingBlockers(tx, request.id)).length > 0) return;
  const owners = await tx
    .select()
    .from(ownerNotices)
    .where(eq(ownerNotices.requestId, request.id))
    .orderBy(ownerNotices.id);
  if (owners.length === 0) return;
  await applyTransition(tx, actor, request, { to: "licensed", note: describe(owners) });
}

/**
 * After a step that can clear a blocker (a length supplied, a top-up paid): each of the requests still in progress
 * is licensed if every owner is done and nothing blocks it any more, in the caller's transaction. `why` is the
 * step, for the timeline ("The track's length was supplied").
 */
export async function licenseUnblocked(tx: Tx, actor: Actor, requestIds: number[], why: string): Promise<void> {
  if (requestIds.length === 0) return;
  const open = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(inArray(requests.id, requestIds), eq(requests.statusCode, "in_progress")))
    .orderBy(asc(requests.id));
  for (const { id } of open) {
    const request = await lockRequest(tx, {}, id);
    if (request.statusCode !== "in_progress") continue;
    await licenseWhenDone(tx, actor, request, () => `${why}; every copyright owner had been served.`);
  }
}
