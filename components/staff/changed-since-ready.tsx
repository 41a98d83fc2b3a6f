import { ActionButton } from "@/components/action-button";
import { formatDateTime, formatUsd } from "@/lib/formatting";
import type { FormResult } from "@/lib/forms/form-result";

/** The staff page's "changed since ready" notice: the client changed the request after ready; the timeline says what. */
export function ChangedSinceReady({
  change,
  acknowledge,
}: {
  change: { since: string; royaltyBefore: string; royaltyNow: string };
  acknowledge: () => Promise<FormResult<unknown>>;
}) {
  return (
    <section aria-labelledby="changed-heading" className="rounded-lg border border-orange-300 bg-orange-50 p-4">
      <h2 id="changed-heading" className="text-lg font-semibold text-orange-950">
        Changed since ready
      </h2>
      <p className="mt-1 text-sm text-orange-950">
        The client changed this request on {formatDateTime(change.since)}, after it was ready (the timeline says what).
        Royalty: {formatUsd(change.royaltyBefore)} before, {formatUsd(change.royaltyNow)} now.
      </p>
      <div className="mt-3">
        <ActionButton
          action={acknowledge}
          label="Acknowledge changes"
          pendingLabel="Acknowledging…"
          done="Changes acknowledged."
        />
      </div>
    </section>
  );
}
