import type { Tx } from "@/db/client";
import type { ownerNotices } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { licenseWhenDone } from "@/lib/requests/license-when-done";
import type { LockedRequest } from "@/lib/requests/lock-request";

type Notice = typeof ownerNotices.$inferSelect;

/**
 * Once no owner of a locked request is left to serve (a notice served, or a stream license accepted), it is
 * licensed, with a timeline note that `describe` writes from every owner's row: the one place both ways end. A
 * request whose length is still missing, or whose top-up is unpaid, stays in progress until that step licenses it
 * (licenseWhenDone, which the length's and the payment's steps call too).
 */
export async function licenseWhenEveryOwnerDone(
  tx: Tx,
  employee: Actor,
  request: LockedRequest,
  describe: (owners: Notice[]) => string,
): Promise<void> {
  await licenseWhenDone(tx, employee, request, describe);
}
