import { z } from "zod";
import { requiredOr } from "@/lib/validation";
import { REASON_LABELS, type CannotLicenseReason } from "@/lib/requests/statuses";

/**
 * The questions that decide whether a compulsory license (17 U.S.C. § 115) can apply to a cover, in the order the
 * wizard asks them, each with what a "yes" means (docs/product-rules.md, "Eligibility" maps them to the `cannot_license` reasons).
 */
export const ELIGIBILITY_QUESTIONS = {
  changedLyrics: {
    question: "Are any of the lyrics changed, added or translated?",
    reason: "changed_lyrics",
    explanation:
      "A compulsory license covers the song as written. New, changed or translated lyrics make it a new version that only the copyright owner can allow.",
  },
  changedMelody: {
    question:
      "Is the melody changed, or is the arrangement more than a change of style (new sections, a different tune)?",
    reason: "changed_melody",
    explanation:
      "An arrangement may fit the song to your style of performance but must not change its basic melody or fundamental character; beyond that the owner's permission is needed.",
  },
  usesSample: {
    question: "Does the recording use a sample of another recording?",
    reason: "custom_license_required",
    explanation:
      "A sample uses someone else's sound recording, which a compulsory license of the song never covers: the recording's owner and the song's owner must both agree directly.",
  },
  videoOrSync: {
    question: "Will it be used with any video or pictures (a music video, a film, an ad, a lyric video)?",
    reason: "custom_license_required",
    explanation:
      "Pairing the song with pictures needs a synchronization license from the owner; the compulsory license is for audio only.",
  },
  neverReleasedInUs: {
    question: "Has the song never been released in the United States?",
    reason: "custom_license_required",
    explanation:
      "The compulsory license applies only once the owner has distributed recordings of the song to the public in the US; before that, the first recording needs the owner's direct license.",
  },
  alreadyReleased: {
    question: "Is your release already out?",
    reason: null,
    explanation:
      "A license must be in place before copies are distributed. CoverDesk files for releases from the current month on (a past release date is refused as release_date_in_past); copies already sold need a license from the owner directly.",
  },
} as const satisfies Record<string, { question: string; reason: CannotLicenseReason | null; explanation: string }>;
export type EligibilityQuestion = keyof typeof ELIGIBILITY_QUESTIONS;
const QUESTION_KEYS = Object.keys(ELIGIBILITY_QUESTIONS) as EligibilityQuestion[];

const answer = z.boolean({ error: "must be true or false" }).optional().default(false);

/** POST /api/eligibility and the wizard's check: a "yes" (true) to each question that applies; unanswered is "no". */
export const eligibilityAnswers = z.strictObject(
  Object.fromEntries(QUESTION_KEYS.map((k) => [k, answer])) as Record<EligibilityQuestion, typeof answer>,
  {
    error: requiredOr("the body must be a JSON object"),
  },
);
export type EligibilityAnswers = z.infer<typeof eligibilityAnswers>;

type EligibilityFinding = {
  question: EligibilityQuestion;
  text: string;
  /** The status reason a request would end with (`cannot_license`), or null where it would be refused at filing. */
  reason: CannotLicenseReason | null;
  /** The refusal a filing would meet instead of a status, where it applies. */
  refusal: "release_date_in_past" | null;
  explanation: string;
};
export type EligibilityResult = { eligible: boolean; summary: string; findings: EligibilityFinding[] };

/** Whether a compulsory license can apply, and for each "yes" why not and how the request would end. */
export function assessEligibility(answers: EligibilityAnswers): EligibilityResult {
  const findings = QUESTION_KEYS.filter((k) => answers[k]).map((k): EligibilityFinding => {
    const q = ELIGIBILITY_QUESTIONS[k];
    return {
      question: k,
      text: q.question,
      reason: q.reason,
      refusal: q.reason === null ? "release_date_in_past" : null,
      explanation: q.explanation,
    };
  });
  const first = findings[0];
  if (!first) {
    return {
      eligible: true,
      summary:
        "A compulsory license can apply: none of the answers rules it out. The research on the song still decides.",
      findings,
    };
  }
  const ending = first.reason
    ? `it would end as "Cannot license" (${REASON_LABELS[first.reason]})`
    : "its filing would be refused (a release date in the past)";
  return {
    eligible: false,
    summary: `A compulsory license cannot apply as answered: ${ending}. ${first.explanation}`,
    findings,
  };
}
