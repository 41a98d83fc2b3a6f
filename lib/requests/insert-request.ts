import type { Tx } from "@/db/client";
import { insertStatement } from "@/db/statement";
import { releaseTracks, requests, type releases, type tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { currentFeeSchedule } from "@/lib/money/fee-schedule";
import { quoteFee } from "@/lib/money/fee-rules";
import { computeRoyalty, type RateTable } from "@/lib/royalties/compute-royalty";
import { confirmRateTable } from "@/lib/royalties/load-rate-table";
import type { EligibilityOverride, StoredEligibility } from "./eligibility-answers";
import { recordStatusEvent } from "./record-status-event";

// The filing path's inserts, built once (db/statement.ts).
const putTrackOnRelease = insertStatement(releaseTracks, ["releaseId", "trackId"], { onConflictDoNothing: true });
const REQUEST_COLUMNS = [
  "accountId",
  "trackId",
  "releaseId",
  "kind",
  "royaltyPerUnit",
  "royaltyQuantity",
  "royaltyTotal",
  "royaltyProvisional",
  "serviceFee",
  "feeScheduleId",
  "eligibility",
  "eligibilityOverride",
] as const;
const insertRequestRow = insertStatement(requests, REQUEST_COLUMNS);
// An import's dry run numbers its requests itself: a number the sequence gives is used up even when rolled back.
const insertRequestRowNumbered = insertStatement(requests, ["id", ...REQUEST_COLUMNS]);

/**
 * Puts a track on a release and files its request there: the royalty snapshot, the service fee quoted from the
 * schedule in force (fixed from now on), the request in `new`, and the first
 * step of its timeline. Shared by initial requests and reorders; call it inside their transaction. Returns the
 * request's row.
 */
export async function insertRequest(
  tx: Tx,
  actor: Actor,
  input: {
    accountId: number;
    kind: "initial" | "reorder";
    table: RateTable;
    track: Pick<typeof tracks.$inferSelect, "id" | "lengthInSeconds" | "medley">;
    release: Pick<typeof releases.$inferSelect, "id" | "formatId" | "releaseYear" | "releaseQuantity">;
    /** The request's number when the caller gives it (a dry run that is rolled back), else the sequence's next. */
    id?: number;
    /** The client's eligibility answers and when they were given (a reorder: its track's, with their override). */
    eligibility?: StoredEligibility | null;
    eligibilityOverride?: EligibilityOverride | null;
  },
): Promise<typeof requests.$inferSelect> {
  const { track, release } = input;
  await putTrackOnRelease.run(tx, { releaseId: release.id, trackId: track.id });
  const royaltyInput = {
    formatId: release.formatId,
    releaseYear: release.releaseYear,
    lengthInSeconds: track.lengthInSeconds,
    quantity: release.releaseQuantity,
    medleyWhole: track.medley,
  };
  let royalty = computeRoyalty(input.table, royaltyInput);
  if (royalty.provisional) royalty = computeRoyalty(await confirmRateTable(tx, input.table), royaltyInput);
  const schedule = await currentFeeSchedule(tx);
  const row = {
    accountId: input.accountId,
    trackId: track.id,
    releaseId: release.id,
    kind: input.kind,
    royaltyPerUnit: royalty.perUnit,
    royaltyQuantity: royalty.quantity,
    royaltyTotal: royalty.total,
    royaltyProvisional: royalty.provisional,
    serviceFee: quoteFee(schedule, { kind: input.kind, medleyWhole: track.medley }),
    feeScheduleId: schedule.id,
    eligibility: input.eligibility ?? null,
    eligibilityOverride: input.eligibilityOverride ?? null,
  };
  const [request] = await (input.id === undefined
    ? insertRequestRow.run(tx, row)
    : insertRequestRowNumbered.run(tx, { ...row, id: input.id }));
  if (!request) throw new Error("The request's insert returned no row");
  await recordStatusEvent(tx, actor, { requestId: request.id, fromCode: null, toCode: "new" });
  return request;
}
