import { OFFERED_REASONS, REASON_LABELS } from "@/lib/requests/statuses";

/** The options of a "Cannot license" reason select: none chosen first, then every reason still given, by its label. */
export function ReasonOptions() {
  return (
    <>
      <option value="">Choose a reason…</option>
      {OFFERED_REASONS.map((r) => (
        <option key={r} value={r}>
          {REASON_LABELS[r]}
        </option>
      ))}
    </>
  );
}
