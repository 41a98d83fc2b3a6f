import { z } from "zod";
import { DomainError } from "@/lib/errors";
import { requiredOr } from "@/lib/validation";
import type { CannotLicenseReason } from "./statuses";

/**
 * What a "yes" to an eligibility question means for the request (docs/product-rules.md, "Eligibility"; the choices
 * left open there: docs/decisions/eligibility-answers.md):
 * - `cannot_license`: the compulsory license does not cover it (`reason`); the request is filed, but cannot become
 *   `ready` until an employee overrides the answer with a note.
 * - `not_filed`: a release already distributed; a license for copies already out is retroactive, so the filing is
 *   refused.
 * - `no_license_needed`: a public-domain song needs no license; filed anyway, it waits like `cannot_license`.
 * - `warning`: the compulsory license still applies, within limits the client must know; nothing is blocked.
 */
export type EligibilityOutcome = "cannot_license" | "not_filed" | "no_license_needed" | "warning";

type Question = {
  question: string;
  outcome: EligibilityOutcome;
  /** The `cannot_license` reason the request would end with; null where no status follows from the answer. */
  reason: CannotLicenseReason | null;
  explanation: string;
};

/** The questions, in the order the wizard asks them and findings are listed. The field names are the API's. */
export const ELIGIBILITY_QUESTIONS = {
  changedLyrics: {
    question: "Are any of the lyrics changed, added or translated?",
    outcome: "cannot_license",
    reason: "changed_lyrics",
    explanation:
      "A compulsory license covers the song as written. New, changed or translated lyrics make it a new version that only the copyright owner can allow.",
  },
  changedMelody: {
    question:
      "Is the melody changed, or is the arrangement more than a change of style (new sections, a different tune)?",
    outcome: "cannot_license",
    reason: "changed_melody",
    explanation:
      "An arrangement may fit the song to your style of performance but must not change its basic melody or fundamental character; beyond that the owner's permission is needed.",
  },
  usesSample: {
    question: "Does the recording use a sample of another recording?",
    outcome: "cannot_license",
    reason: "custom_license_required",
    explanation:
      "A sample uses someone else's sound recording, which a compulsory license of the song never covers: the recording's owner and the song's owner must both agree directly.",
  },
  videoOrSync: {
    question: "Will it be used with any video or pictures (a music video, a film, an ad, a lyric video)?",
    outcome: "cannot_license",
    reason: "custom_license_required",
    explanation:
      "Pairing the song with pictures needs a synchronization license from the owner; the compulsory license is for audio only.",
  },
  neverReleasedInUs: {
    question: "Has the song never been distributed in the United States?",
    outcome: "cannot_license",
    reason: "custom_license_required",
    explanation:
      "The compulsory license applies only once the owner has distributed recordings of the song to the public in the US; before that, the first recording needs the owner's direct license.",
  },
  alreadyReleased: {
    question: "Is your release already out (copies already sold, streamed or given away)?",
    outcome: "not_filed",
    reason: "custom_license_required",
    explanation:
      "A compulsory license must be obtained before any copy is distributed; it cannot be had for copies already out, even this month. CoverDesk does not file such a release: copies already distributed need a license from the owner directly.",
  },
  distributedOutsideUs: {
    question: "Will copies be sold, streamed or given away outside the United States?",
    outcome: "warning",
    reason: null,
    explanation:
      "The compulsory license covers copies made and distributed in the United States only. We license your US distribution; every other country needs its own license there (usually from its mechanical rights society).",
  },
  beyondPrivateUse: {
    question:
      "Is the recording made for a use beyond private listening: background music in a business, fitness classes, karaoke with the lyrics on screen, or a theatrical production?",
    outcome: "cannot_license",
    reason: "custom_license_required",
    explanation:
      "A compulsory license is available only for recordings made mainly for people to listen to privately. Background music, fitness, karaoke with lyrics on screen and theatrical uses need other licenses from the owners (public performance, lyric display or synchronization, stage rights).",
  },
  medleyOrMashup: {
    question: "Is a track a medley or a mashup of several songs?",
    outcome: "warning",
    reason: null,
    explanation:
      "A medley is licensed song by song: file it as a medley with each song as its own part, and each song must keep its lyrics and melody. A mashup that blends songs into a new work is a derivative that needs the owners' permission; if yours does, answer yes to the changed melody question too.",
  },
  publicDomain: {
    question: "Is the song in the public domain (its US copyright has expired)?",
    outcome: "no_license_needed",
    reason: null,
    explanation:
      "A song in the public domain needs no license: do not file it. A newer arrangement, translation or added lyrics may still be protected; if you are not sure the version you recorded is free, file it and our staff check.",
  },
} as const satisfies Record<string, Question>;
export type EligibilityQuestion = keyof typeof ELIGIBILITY_QUESTIONS;
export const ELIGIBILITY_QUESTION_KEYS = Object.keys(ELIGIBILITY_QUESTIONS) as EligibilityQuestion[];

const answer = z.boolean({ error: "must be true or false" });

/**
 * The answers sent with a filing (POST /api/requests, /api/albums, the wizard, imports): each optional, as given. An
 * answer left out is stored as not given (the staff see "not answered"), not as "no".
 */
export const filedEligibility = z.strictObject(
  Object.fromEntries(ELIGIBILITY_QUESTION_KEYS.map((k) => [k, answer.optional()])) as Record<
    EligibilityQuestion,
    z.ZodOptional<typeof answer>
  >,
  { error: requiredOr("must be an object of true/false answers") },
);
export type EligibilityAnswers = Partial<Record<EligibilityQuestion, boolean>>;

/** `requests.eligibility`: the answers as given and when. */
export type StoredEligibility = { answers: EligibilityAnswers; answeredAt: string };
/** `requests.eligibility_override`: the employee who decided the answers do not rule the license out, and why. */
export type EligibilityOverride = { note: string; byName: string; at: string };

/** The answers a filing stores: only those given, with the time they were given. */
export function storedEligibility(answers: EligibilityAnswers | undefined, at: Date): StoredEligibility | null {
  if (!answers) return null;
  const given = Object.fromEntries(
    ELIGIBILITY_QUESTION_KEYS.filter((k) => answers[k] !== undefined).map((k) => [k, answers[k]]),
  ) as EligibilityAnswers;
  return { answers: given, answeredAt: at.toISOString() };
}

/** The questions answered "yes" whose outcome keeps the request from `ready`: every outcome but a warning. */
export const blockingAnswers = (answers: EligibilityAnswers): EligibilityQuestion[] =>
  ELIGIBILITY_QUESTION_KEYS.filter((k) => answers[k] === true && ELIGIBILITY_QUESTIONS[k].outcome !== "warning");

/** A stored value as the request holds it (jsonb from any writer): only the known answers that are true or false. */
export function readStoredEligibility(value: unknown): StoredEligibility | null {
  if (!value || typeof value !== "object") return null;
  const { answers, answeredAt } = value as { answers?: unknown; answeredAt?: unknown };
  if (!answers || typeof answers !== "object" || typeof answeredAt !== "string") return null;
  const given: EligibilityAnswers = {};
  for (const k of ELIGIBILITY_QUESTION_KEYS) {
    const a = (answers as Record<string, unknown>)[k];
    if (typeof a === "boolean") given[k] = a;
  }
  return { answers: given, answeredAt };
}

/**
 * The filing's refusal of a release already out: the one answer that stops a filing (a license for copies already
 * distributed would be retroactive). Errors name `<path>.alreadyReleased`.
 */
export function refuseAlreadyReleased(answers: EligibilityAnswers | undefined, path: string) {
  if (answers?.alreadyReleased !== true) return;
  const q = ELIGIBILITY_QUESTIONS.alreadyReleased;
  throw new DomainError("release_date_in_past", `The release is already out, so it is not filed: ${q.explanation}`, [
    {
      path: `${path}.alreadyReleased`,
      message: "a release already out is not filed (a license for it would be retroactive)",
    },
  ]);
}
