import { CANNOT_LICENSE_REASONS, REASON_LABELS } from "@/lib/requests/statuses";

/** The options of a "Cannot license" reason select: none chosen first, then every reason by its label. */
export function ReasonOptions() {
  return (
    <>
      <option value="">Choose a reason…</option>
      {CANNOT_LICENSE_REASONS.map((r) => (
        <option key={r} value={r}>
          {REASON_LABELS[r]}
        </option>
      ))}
    </>
  );
}
