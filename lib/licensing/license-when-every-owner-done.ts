import { and, count, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { ownerNotices } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { applyTransition } from "@/lib/requests/apply-transition";
import type { LockedRequest } from "@/lib/requests/lock-request";

type Notice = typeof ownerNotices.$inferSelect;

/**
 * Once no owner of a locked request is left to serve (a notice served, or a stream license accepted), it is
 * licensed, with a timeline note that `describe` writes from every owner's row: the one place both ways end.
 */
export async function licenseWhenEveryOwnerDone(
  tx: Tx,
  employee: Actor,
  request: LockedRequest,
  describe: (owners: Notice[]) => string,
): Promise<void> {
  const [pending] = await tx
    .select({ n: count() })
    .from(ownerNotices)
    .where(and(eq(ownerNotices.requestId, request.id), isNull(ownerNotices.servedAt)));
  if (pending?.n !== 0) return;
  const owners = await tx
    .select()
    .from(ownerNotices)
    .where(eq(ownerNotices.requestId, request.id))
    .orderBy(ownerNotices.id);
  await applyTransition(tx, employee, request, { to: "licensed", note: describe(owners) });
}
