import { formatDateTime } from "@/lib/formatting";
import {
  ELIGIBILITY_QUESTION_KEYS,
  ELIGIBILITY_QUESTIONS,
  type EligibilityAnswers as Answers,
  type EligibilityQuestion,
} from "@/lib/requests/eligibility-answers";

type Eligibility = {
  answers: Answers;
  answeredAt: string;
  blocking: EligibilityQuestion[];
  override?: { note: string; byName: string; at: string } | null;
};

const answerText = (a: boolean | undefined) => (a === undefined ? "Not answered" : a ? "Yes" : "No");

/**
 * The client's eligibility answers as filed (the request view's `eligibility`): each question with its answer, the
 * answers that keep the request from "Ready" explained, and the employee's override where there is one.
 */
export function EligibilityAnswersPanel({ eligibility }: { eligibility: Eligibility | null | undefined }) {
  return (
    <section aria-labelledby="eligibility-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="eligibility-heading" className="mb-3 text-lg font-semibold">
        Eligibility answers
      </h2>
      {eligibility ? (
        <>
          <p className="mb-2 text-sm text-slate-700">
            Given with the filing on {formatDateTime(eligibility.answeredAt)}.
          </p>
          <dl className="grid grid-cols-[1fr_max-content] gap-x-4 gap-y-1 text-sm">
            {ELIGIBILITY_QUESTION_KEYS.map((k) => (
              <div key={k} className="contents">
                <dt className={eligibility.blocking.includes(k) ? "font-medium text-amber-900" : "text-slate-700"}>
                  {ELIGIBILITY_QUESTIONS[k].question}
                </dt>
                <dd className={eligibility.blocking.includes(k) ? "font-semibold text-amber-900" : undefined}>
                  {answerText(eligibility.answers[k])}
                </dd>
              </div>
            ))}
          </dl>
          {eligibility.blocking.length > 0 ? (
            <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              <p className="font-medium">
                {eligibility.override
                  ? "These answers rule the compulsory license out; an employee let the request go on:"
                  : eligibility.override === null
                    ? "These answers rule the compulsory license out: the request cannot move to “Ready to license” without an override and its note."
                    : "These answers rule the compulsory license out; our staff decide whether it can still be licensed."}
              </p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {eligibility.blocking.map((k) => (
                  <li key={k}>{ELIGIBILITY_QUESTIONS[k].explanation}</li>
                ))}
              </ul>
              {eligibility.override ? (
                <p className="mt-2" data-testid="eligibility-override">
                  Overridden by {eligibility.override.byName} on {formatDateTime(eligibility.override.at)}: “
                  {eligibility.override.note}”
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-700">No answers were given with the filing.</p>
      )}
    </section>
  );
}
