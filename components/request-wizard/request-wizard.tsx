"use client";

import { useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useTransition, type FormEvent } from "react";
import { FormProvider, get, useForm, useWatch, type FieldErrors, type FieldPath } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { PageSkeleton } from "@/components/ui/skeleton";
import { buttonClass, cardClass } from "@/components/ui/styles";
import type { CreateAlbumRequestsFormInput } from "@/lib/requests/album-requests-schema";
import type { FormResult } from "@/lib/forms/form-result";
import type { FeeQuoteSchedule } from "@/lib/money/fee-rules";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import type { FindLicensees, LicenseeOption } from "@/components/licensees/licensee-search";
import { LicenseeStep } from "./licensee-step";
import type { ServiceDay } from "./release-month-check";
import { StepList } from "./step-list";
import { clearDraft, readDraft, useDraftSaving, useIsBrowser, type Draft } from "./use-draft";
import { useLicenseeAlbums, type AlbumOption } from "./use-licensee-albums";
import { wizardResolver } from "./wizard-resolver";
import { emptyValues, physicalFormats, STEP_FIELDS, STEPS, stepOf, toInput, type WizardValues } from "./wizard-values";

type FiledRequests = { albumId: number; requestIds: number[] };

// The steps after the first load when the form reaches them, not with the page (the review's royalty arithmetic above all).
const AlbumStep = lazy(() => import("./album-step").then((m) => ({ default: m.AlbumStep })));
const ReleaseChoice = lazy(() => import("./release-choice").then((m) => ({ default: m.ReleaseChoice })));
const ReleaseStep = lazy(() => import("./release-step").then((m) => ({ default: m.ReleaseStep })));
const TracksStep = lazy(() => import("./tracks-step").then((m) => ({ default: m.TracksStep })));
const ReviewStep = lazy(() => import("./review-step").then((m) => ({ default: m.ReviewStep })));

type Props = {
  draftKey: string;
  /** null: too many to list, the licensee step finds one by name with `findLicensees`. */
  licensees: LicenseeOption[] | null;
  findLicensees: FindLicensees;
  rateTable: RateTable;
  /** The fee schedule in force, which quotes each new request's service fee. */
  feeSchedule: FeeQuoteSchedule;
  today: ServiceDay;
  timeZone: string;
  fileRequests: (input: CreateAlbumRequestsFormInput) => Promise<FormResult<FiledRequests>>;
  loadAlbums: (licenseeId: string) => Promise<FormResult<AlbumOption[]>>;
};

/** Rendered in the browser only, where the saved draft can be read before the form starts. */
export function RequestWizard(props: Props) {
  return useIsBrowser() ? (
    <WizardForm {...props} draft={readDraft(props.draftKey)} />
  ) : (
    <PageSkeleton label="Loading the new-request form…" rows={3} />
  );
}

function WizardForm({
  draftKey,
  draft,
  licensees,
  findLicensees,
  rateTable,
  feeSchedule,
  today,
  timeZone,
  fileRequests,
  loadAlbums,
}: Props & { draft: Draft | null }) {
  const router = useRouter();
  const resolver = useMemo(() => wizardResolver(today, rateTable), [today, rateTable]);
  // Errors appear when Next is pressed (not while typing into a fresh track), then follow every change.
  // Most requests are for a licensee the account already has, when it has any.
  const blank = useMemo(
    () => ({ ...emptyValues(), licenseeMode: licensees?.length === 0 ? "new" : "existing" }) as const,
    [licensees],
  );
  const form = useForm<WizardValues>({ defaultValues: draft?.values ?? blank, resolver, mode: "onSubmit" });
  const [step, setStep] = useState(draft?.step ?? 0);
  const [restored, setRestored] = useState(draft !== null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, startSubmit] = useTransition();
  useDraftSaving(draftKey, form, step);
  const discard = () => {
    form.reset(blank);
    setStep(0);
    setRestored(false);
    setServerError(null);
  };
  const [licenseeMode, licenseeId, albumMode, albumId, releaseMode] = useWatch({
    control: form.control,
    name: ["licenseeMode", "album.licensee.id", "albumMode", "album.id", "releaseMode"],
  });
  const albums = useLicenseeAlbums(licenseeMode === "existing" && licenseeId ? licenseeId : null, loadAlbums);
  const existingAlbum =
    licenseeMode === "existing" && albumMode === "existing" && Array.isArray(albums)
      ? albums.find((a) => String(a.id) === albumId)
      : undefined;
  const joining = existingAlbum !== undefined && releaseMode === "existing";
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

  useEffect(() => {
    const fields = STEP_FIELDS[step];
    if (!fields) return;
    return form.subscribe({
      formState: { values: true },
      callback: () => {
        if (fields.some((name) => form.getFieldState(name).invalid)) void form.trigger([...fields]);
      },
    });
  }, [form, step]);

  // Moving between steps puts the keyboard and screen-reader focus on the new step's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);
  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  const firstInvalidStep = (errors: FieldErrors<WizardValues>) =>
    STEP_FIELDS.findIndex((names) => names.some((name) => get(errors, name)));

  async function next() {
    if (await form.trigger([...STEP_FIELDS[step]!], { shouldFocus: true })) goTo(step + 1);
  }

  function file(values: WizardValues) {
    setServerError(null);
    startSubmit(async () => {
      const result = await fileRequests(toInput(values, physicalFormats(rateTable)));
      if (result.ok) {
        clearDraft(draftKey);
        router.push(`/albums/${result.data.albumId}?filed=${result.data.requestIds.length}`);
        return;
      }
      setServerError(result.message);
      const paths = Object.keys(result.fieldErrors);
      for (const path of paths) {
        const field = path === "release.id" ? "releaseId" : path;
        form.setError(field as FieldPath<WizardValues>, { type: "server", message: result.fieldErrors[path] });
      }
      if (paths[0]) goTo(stepOf(paths[0]));
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Enter in a field moves on; only the review step files the requests.
    if (step < STEPS.length - 1) return void next();
    void form.handleSubmit(file, (errors) => goTo(Math.max(0, firstInvalidStep(errors))))(event);
  }

  const isReview = step === STEPS.length - 1;
  return (
    <FormProvider {...form}>
      {restored ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          <span>We kept your unfinished request; carry on where you left off.</span>
          <button type="button" className={buttonClass.link} onClick={discard}>
            Start over
          </button>
        </div>
      ) : null}
      <StepList steps={STEPS} current={step} onSelect={(s) => s < step && goTo(s)} />
      <form onSubmit={onSubmit} noValidate className={`${cardClass} mt-4`} aria-labelledby="wizard-step-heading">
        <h2
          id="wizard-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="mb-4 text-lg font-semibold focus:outline-none"
        >
          Step {step + 1} of {STEPS.length}: {STEPS[step]}
        </h2>
        {/* The buttons wait for the step's fields too: Next validates only fields that are on the page. */}
        <Suspense fallback={<PageSkeleton label={`Loading step ${step + 1}…`} rows={2} />}>
          {step === 0 ? <LicenseeStep licensees={licensees} findLicensees={findLicensees} /> : null}
          {step === 1 ? <AlbumStep albums={albums} /> : null}
          {step === 2 && existingAlbum && existingAlbum.releases.length > 0 ? (
            <ReleaseChoice album={existingAlbum} />
          ) : null}
          {step === 2 && !joining ? <ReleaseStep formats={formats} today={today} timeZone={timeZone} /> : null}
          {step === 3 ? <TracksStep /> : null}
          {isReview ? (
            <ReviewStep
              licensees={licensees}
              albums={albums}
              rateTable={rateTable}
              feeSchedule={feeSchedule}
              today={today}
            />
          ) : null}

          <div className="mt-4">
            <FormAlert message={serverError ?? undefined} />
          </div>
          <div className="mt-6 flex flex-wrap justify-between gap-3 border-t border-slate-100 pt-4">
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => goTo(step - 1)}
              disabled={step === 0 || submitting}
            >
              Back
            </button>
            <button type="submit" className={buttonClass.primary} disabled={submitting}>
              {isReview ? (submitting ? "Filing…" : "File the requests") : "Next"}
            </button>
          </div>
        </Suspense>
      </form>
    </FormProvider>
  );
}
