import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { formatTotal } from "@/lib/royalties/compute-royalty";
import type { RecomputedRoyalty } from "@/lib/royalties/recompute-royalties";
import { recordStatusEvent } from "./record-status-event";
import type { StatusCode } from "./statuses";
import { formatUsd } from "@/lib/formatting";

/** Past `ready`, before licensing begins: the statuses in which a client's change can undo what the staff checked. */
const AFTER_READY: readonly StatusCode[] = ["ready", "need_payment"];

/** One changed field, named as the timeline says it. */
export type FieldChange = { label: string; from: string | number | null; to: string | number | null };

/**
 * A client's change to what a request's royalty depends on (units, format, release month or year, length) once the
 * request is past `ready`: a step on its timeline (the status stays) saying what changed and the royalty before and
 * after, and the "changed since ready" flag, which keeps the royalty the staff last saw until an employee
 * acknowledges it (acknowledgeChanges). An employee's own correction needs no acknowledgement.
 */
export async function noteChangesSinceReady(
  tx: Tx,
  actor: Actor,
  recomputed: RecomputedRoyalty[],
  changes: FieldChange[],
) {
  if (actor.kind !== "client" || changes.length === 0) return;
  const what = changes.map((c) => `${c.label} ${c.from ?? "none"} → ${c.to ?? "none"}`).join(", ");
  const at = now().toISOString();
  for (const r of recomputed.filter((r) => AFTER_READY.includes(r.statusCode))) {
    await tx
      .update(requests)
      .set({
        changedSinceReadyAt: sql`coalesce(${requests.changedSinceReadyAt}, ${at}::timestamptz)`,
        royaltyTotalBeforeChange: sql`coalesce(${requests.royaltyTotalBeforeChange}, ${r.before})`,
      })
      .where(eq(requests.id, r.id));
    await recordStatusEvent(tx, actor, {
      requestId: r.id,
      fromCode: r.statusCode,
      toCode: r.statusCode,
      note: `Changed after ready: ${what}. Royalty ${formatUsd(formatTotal(r.before))} → ${formatUsd(formatTotal(r.after))}.`,
    });
  }
}
