"use client";

import { useId } from "react";
import { get, useFormContext, useWatch } from "react-hook-form";
import { cardClass } from "@/components/ui/styles";
import { assessEligibility } from "@/lib/eligibility/eligibility";
import {
  ELIGIBILITY_QUESTION_KEYS,
  ELIGIBILITY_QUESTIONS,
  type EligibilityQuestion,
} from "@/lib/requests/eligibility-answers";
import type { WizardValues } from "./wizard-values";

/**
 * The eligibility questions before filing (the same rules as POST /api/eligibility): a "yes" is explained with what
 * follows. The answers are filed with the requests, where the staff see them; only "already released" stops the filing.
 */
export function EligibilityCheck() {
  const { register, formState, clearErrors } = useFormContext<WizardValues>();
  const answers = useWatch<WizardValues, "eligibility">({ name: "eligibility" });
  const id = useId();
  const result = assessEligibility(answers ?? {});
  const errorOf = (key: EligibilityQuestion) =>
    (get(formState.errors, `eligibility.${key}`) as { message?: string } | undefined)?.message;
  const blocking = result.findings.filter((f) => f.outcome !== "warning");
  const warnings = result.findings.filter((f) => f.outcome === "warning");
  return (
    <fieldset className={cardClass}>
      <legend className="px-1 font-semibold">Before you file: can a compulsory license apply?</legend>
      <p className="mb-3 text-sm text-slate-600">
        Tick each that is true of any track. Your answers are filed with the requests, and our staff see them.
      </p>
      <ul className="space-y-2">
        {ELIGIBILITY_QUESTION_KEYS.map((key) => (
          <li key={key}>
            <div className="flex items-start gap-2">
              <input
                id={`${id}-${key}`}
                type="checkbox"
                className="mt-1 accent-indigo-700"
                aria-invalid={errorOf(key) ? true : undefined}
                aria-describedby={errorOf(key) ? `${id}-${key}-error` : undefined}
                {...register(`eligibility.${key}`, { onChange: () => clearErrors(`eligibility.${key}`) })}
              />
              <label htmlFor={`${id}-${key}`} className="text-sm">
                {ELIGIBILITY_QUESTIONS[key].question}
              </label>
            </div>
            {errorOf(key) ? (
              <p id={`${id}-${key}-error`} className="mt-1 ml-6 text-sm text-red-800">
                {errorOf(key)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <div role="status" className="mt-3">
        {result.findings.length === 0 ? null : (
          <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p className="font-medium">
              {result.eligible ? "Note" : "Warning"}: {result.summary}
            </p>
            {result.findings.length > 1 ? (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {[...blocking, ...warnings]
                  .filter((f) => !result.summary.includes(f.explanation))
                  .map((f) => (
                    <li key={f.question}>{f.explanation}</li>
                  ))}
              </ul>
            ) : null}
            {answers?.alreadyReleased ? (
              <p className="mt-2">A release that is already out cannot be filed.</p>
            ) : blocking.length > 0 ? (
              <p className="mt-2">You can still file; our staff decide once they have researched the song.</p>
            ) : null}
          </div>
        )}
      </div>
    </fieldset>
  );
}
