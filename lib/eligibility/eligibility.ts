import { z } from "zod";
import { requiredOr } from "@/lib/validation";
import {
  ELIGIBILITY_QUESTION_KEYS,
  ELIGIBILITY_QUESTIONS,
  type EligibilityAnswers,
  type EligibilityOutcome,
  type EligibilityQuestion,
} from "@/lib/requests/eligibility-answers";
import { REASON_LABELS, type CannotLicenseReason } from "@/lib/requests/statuses";

// The questions and what each "yes" means live with the request, which stores the answers (lib/requests); this is
// the assessment shown before filing.

const answer = z.boolean({ error: "must be true or false" }).optional().default(false);

/** POST /api/eligibility and the wizard's check: a "yes" (true) to each question that applies; unanswered is "no". */
export const eligibilityAnswers = z.strictObject(
  Object.fromEntries(ELIGIBILITY_QUESTION_KEYS.map((k) => [k, answer])) as Record<EligibilityQuestion, typeof answer>,
  {
    error: requiredOr("the body must be a JSON object"),
  },
);

type EligibilityFinding = {
  question: EligibilityQuestion;
  text: string;
  outcome: EligibilityOutcome;
  /** The status reason a request would end with (`cannot_license`), or null where no status follows. */
  reason: CannotLicenseReason | null;
  /** The refusal a filing would meet, where it is not filed at all. */
  refusal: "release_date_in_past" | null;
  explanation: string;
};
export type EligibilityResult = { eligible: boolean; summary: string; findings: EligibilityFinding[] };

/** Which finding the summary speaks of: the one that ends the request soonest. */
const PRECEDENCE: readonly EligibilityOutcome[] = ["not_filed", "no_license_needed", "cannot_license", "warning"];

function summaryOf(first: EligibilityFinding): string {
  switch (first.outcome) {
    case "not_filed":
      return `It cannot be filed as answered: the release is already out, and a license for copies already distributed would be retroactive (${REASON_LABELS.custom_license_required}). ${first.explanation}`;
    case "no_license_needed":
      return `No license is needed as answered: do not file a request for a song in the public domain. ${first.explanation}`;
    case "cannot_license":
      return `A compulsory license cannot apply as answered: it would end as "Cannot license" (${REASON_LABELS[first.reason!]}). ${first.explanation}`;
    case "warning":
      return `A compulsory license can apply, within limits: ${first.explanation} The research on the song still decides.`;
  }
}

/**
 * Whether a compulsory license can apply, and for each "yes" what follows (docs/product-rules.md, "Eligibility"). A
 * warning alone leaves it eligible.
 */
export function assessEligibility(answers: EligibilityAnswers): EligibilityResult {
  const findings = ELIGIBILITY_QUESTION_KEYS.filter((k) => answers[k] === true).map((k): EligibilityFinding => {
    const q: (typeof ELIGIBILITY_QUESTIONS)[EligibilityQuestion] = ELIGIBILITY_QUESTIONS[k];
    return {
      question: k,
      text: q.question,
      outcome: q.outcome,
      reason: q.reason,
      refusal: q.outcome === "not_filed" ? "release_date_in_past" : null,
      explanation: q.explanation,
    };
  });
  const first = PRECEDENCE.map((o) => findings.find((f) => f.outcome === o)).find((f) => f !== undefined);
  if (!first) {
    return {
      eligible: true,
      summary:
        "A compulsory license can apply: none of the answers rules it out. The research on the song still decides.",
      findings,
    };
  }
  return { eligible: first.outcome === "warning", summary: summaryOf(first), findings };
}
