"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";
import { FormProvider, useForm, useWatch, type FieldPath } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { ReleaseStep } from "@/components/request-wizard/release-step";
import type { ServiceDay } from "@/components/request-wizard/release-month-check";
import { estimateRoyalties, RoyaltyTable, type EstimateRow } from "@/components/request-wizard/royalty-table";
import { reorderResolver, type ReorderValues } from "@/components/request-wizard/wizard-resolver";
import { physicalFormats, toReleaseInput, type ReleaseValues } from "@/components/request-wizard/wizard-values";
import { buttonClass, cardClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import type { FeeQuoteSchedule } from "@/lib/money/fee-rules";
import type { RateTable } from "@/lib/royalties/compute-royalty";

type Props = {
  albumId: number;
  /** The earlier release, as the form starts (format, units, outlets; the month starts at the earliest allowed). */
  initial: ReleaseValues;
  /** One request per track of the album, as the reorder files them. */
  tracks: EstimateRow[];
  rateTable: RateTable;
  feeSchedule: FeeQuoteSchedule;
  today: ServiceDay;
  timeZone: string;
  reorder: (values: ReturnType<typeof toReleaseInput>) => Promise<FormResult<{ requestIds: number[] }>>;
};

/** "License more units": a new release of the album's tracks, checked with the reorder API's rules, with its royalty. */
export function ReorderForm({ albumId, initial, tracks, rateTable, feeSchedule, today, timeZone, reorder }: Props) {
  const router = useRouter();
  const resolver = useMemo(() => reorderResolver(today, rateTable), [today, rateTable]);
  const form = useForm<ReorderValues>({ defaultValues: { release: initial }, resolver });
  const release = useWatch({ control: form.control, name: "release" });
  const estimate = estimateRoyalties(rateTable, { schedule: feeSchedule, kind: "reorder" }, release, today, tracks);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const formats = useMemo(
    () =>
      [...rateTable.formats].map(([id, f]) => ({
        id,
        title: f.title,
        requiresOutlets: f.requiresOutlets,
        physical: f.physical,
      })),
    [rateTable],
  );

  const submit = form.handleSubmit((values) =>
    start(async () => {
      setServerError(null);
      const result = await reorder(toReleaseInput(values.release, physicalFormats(rateTable)));
      if (result.ok) return router.push(`/albums/${albumId}?filed=${result.data.requestIds.length}`);
      setServerError(result.message);
      for (const [path, message] of Object.entries(result.fieldErrors)) {
        form.setError(`release.${path}` as FieldPath<ReorderValues>, { type: "server", message });
      }
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6" aria-label="License more units">
        <section className={cardClass} aria-labelledby="reorder-release">
          <h2 id="reorder-release" className="mb-4 text-lg font-semibold">
            The new release
          </h2>
          <ReleaseStep formats={formats} today={today} timeZone={timeZone} />
        </section>
        <section aria-labelledby="reorder-estimate" className="space-y-3">
          <h2 id="reorder-estimate" className="text-lg font-semibold">
            Royalty and fee estimate
          </h2>
          <RoyaltyTable
            rows={estimate.rows}
            total={estimate.total}
            fees={estimate.fees}
            due={estimate.due}
            provisionalReason={estimate.provisionalReason}
          />
        </section>
        <FormAlert message={serverError ?? undefined} />
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {pending ? "Filing…" : `File ${tracks.length === 1 ? "the request" : `${tracks.length} requests`}`}
        </button>
      </form>
    </FormProvider>
  );
}
