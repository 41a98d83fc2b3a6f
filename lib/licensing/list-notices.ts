import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerNotices } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { findRequestView } from "@/lib/requests/request-view";
import { toPercent } from "@/lib/songs/schemas";

/** GET /api/requests/{id}/notices: the notices of intention of a request, one per owner share. */
export async function listNotices(db: Conn, actor: Actor, requestId: number) {
  requireEmployee(actor, "see notices of intention");
  await findRequestView(db, {}, requestId);
  return requestNotices(db, requestId);
}

/** The notices without the access check, for callers that already made it. */
export async function requestNotices(db: Conn, requestId: number) {
  const rows = await db
    .select()
    .from(ownerNotices)
    .where(eq(ownerNotices.requestId, requestId))
    .orderBy(asc(ownerNotices.id));
  return rows.map((n) => ({
    ownerId: n.ownerId,
    ownerName: n.ownerName,
    share: toPercent(n.shareBasisPoints),
    served: n.servedAt !== null,
    servedAt: n.servedAt?.toISOString() ?? null,
    servedBy: n.servedByName,
  }));
}
export type NoticeView = Awaited<ReturnType<typeof requestNotices>>[number];
