"use client";

import { useId, useState } from "react";
import { cardClass } from "@/components/ui/styles";
import {
  assessEligibility,
  ELIGIBILITY_QUESTIONS,
  eligibilityAnswers,
  type EligibilityQuestion,
} from "@/lib/eligibility/eligibility";

const QUESTIONS = Object.entries(ELIGIBILITY_QUESTIONS) as [
  EligibilityQuestion,
  (typeof ELIGIBILITY_QUESTIONS)[EligibilityQuestion],
][];

/**
 * The eligibility pre-check before filing (the same rules as POST /api/eligibility): a "yes" to a question that rules
 * a compulsory license out is explained with how the request would end. It warns; filing stays possible.
 */
export function EligibilityCheck() {
  const [yes, setYes] = useState<Partial<Record<EligibilityQuestion, boolean>>>({});
  const id = useId();
  const result = assessEligibility(eligibilityAnswers.parse(yes));
  return (
    <fieldset className={cardClass}>
      <legend className="px-1 font-semibold">Before you file: can a compulsory license apply?</legend>
      <p className="mb-3 text-sm text-slate-600">
        Tick each that is true of any track. Nothing here is sent; it only tells you what to expect.
      </p>
      <ul className="space-y-2">
        {QUESTIONS.map(([key, q]) => (
          <li key={key} className="flex items-start gap-2">
            <input
              id={`${id}-${key}`}
              type="checkbox"
              className="mt-1 accent-indigo-700"
              checked={yes[key] ?? false}
              onChange={(e) => setYes((a) => ({ ...a, [key]: e.target.checked }))}
            />
            <label htmlFor={`${id}-${key}`} className="text-sm">
              {q.question}
            </label>
          </li>
        ))}
      </ul>
      <div role="status" className="mt-3">
        {result.eligible ? null : (
          <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p className="font-medium">Warning: {result.summary}</p>
            {result.findings.length > 1 ? (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {result.findings.slice(1).map((f) => (
                  <li key={f.question}>{f.explanation}</li>
                ))}
              </ul>
            ) : null}
            <p className="mt-2">You can still file; our staff decide once they have researched the song.</p>
          </div>
        )}
      </div>
    </fieldset>
  );
}
