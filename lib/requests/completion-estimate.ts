import type { StatusDurations } from "./status-durations";
import type { StatusCode } from "./statuses";

/** The way to `licensed` from each open status: the statuses still to pass through, the current one first. */
const PATH_TO_LICENSED: Partial<Record<StatusCode, StatusCode[]>> = {
  new: ["new", "ready", "need_payment", "in_progress"],
  need_info: ["need_info", "new", "ready", "need_payment", "in_progress"],
  ready: ["ready", "need_payment", "in_progress"],
  need_payment: ["need_payment", "in_progress"],
  in_progress: ["in_progress"],
};

/** Still on its way to `licensed` (not licensed, cancelled or refused). */
export const onWayToLicensed = (status: StatusCode) => PATH_TO_LICENSED[status] !== undefined;

export type CompletionEstimate = { earliest: Date; latest: Date; basedOn: number };

/**
 * When a request should be licensed, as a range: from now, the rest of its current status and the whole of each
 * status after it, at the first and third quartiles of the service's history. Null for a closed request, or while the
 * history lacks a status on its way.
 */
export function estimateCompletion(
  history: StatusDurations,
  request: { status: StatusCode; statusSince: Date },
  at: Date,
): CompletionEstimate | null {
  const path = PATH_TO_LICENSED[request.status];
  if (!path) return null;
  const stays = path.map((s) => history.byStatus.get(s));
  if (stays.some((d) => d === undefined)) return null;
  const elapsed = at.getTime() - request.statusSince.getTime();
  const remaining = (q: "p25" | "p75") =>
    stays.reduce((sum, d, i) => sum + (i === 0 ? Math.max(0, d![q] - elapsed) : d![q]), 0);
  return {
    earliest: new Date(at.getTime() + remaining("p25")),
    latest: new Date(at.getTime() + remaining("p75")),
    basedOn: history.basedOn,
  };
}
