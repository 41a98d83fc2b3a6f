import { describe, expect, it } from "vitest";
import { assessEligibility } from "@/lib/eligibility/eligibility";
import { DomainError } from "@/lib/errors";
import {
  blockingAnswers,
  ELIGIBILITY_QUESTION_KEYS,
  ELIGIBILITY_QUESTIONS,
  readStoredEligibility,
  refuseAlreadyReleased,
  storedEligibility,
} from "@/lib/requests/eligibility-answers";
import { CANNOT_LICENSE_REASONS, OFFERED_REASONS, REASON_LABELS } from "@/lib/requests/statuses";

describe("what each answer means", () => {
  it.each([
    ["changedLyrics", "cannot_license", "changed_lyrics", true],
    ["changedMelody", "cannot_license", "changed_melody", true],
    ["usesSample", "cannot_license", "custom_license_required", true],
    ["videoOrSync", "cannot_license", "custom_license_required", true],
    ["neverReleasedInUs", "cannot_license", "custom_license_required", true],
    ["alreadyReleased", "not_filed", "custom_license_required", true],
    ["distributedOutsideUs", "warning", null, false],
    ["beyondPrivateUse", "cannot_license", "custom_license_required", true],
    ["medleyOrMashup", "warning", null, false],
    ["publicDomain", "no_license_needed", null, true],
  ] as const)("%s: %s, reason %s, blocks ready: %s", (question, outcome, reason, blocks) => {
    expect(ELIGIBILITY_QUESTIONS[question]).toMatchObject({ outcome, reason });
    expect(blockingAnswers({ [question]: true })).toEqual(blocks ? [question] : []);
    expect(blockingAnswers({ [question]: false })).toEqual([]);
    const assessed = assessEligibility({ [question]: true });
    expect(assessed.eligible).toBe(!blocks);
    expect(assessed.findings).toEqual([expect.objectContaining({ question, outcome, reason })]);
  });

  it("the table holds every question", () => {
    expect(ELIGIBILITY_QUESTION_KEYS).toHaveLength(10);
  });

  it("lists blocking answers in the order of the questions", () => {
    expect(blockingAnswers({ publicDomain: true, distributedOutsideUs: true, changedLyrics: true })).toEqual([
      "changedLyrics",
      "publicDomain",
    ]);
  });
});

describe("the stored answers", () => {
  const at = new Date("2026-12-02T10:00:00.000Z");
  it("keep only the answers given, with the time", () => {
    expect(storedEligibility({ changedLyrics: false, usesSample: true }, at)).toEqual({
      answers: { changedLyrics: false, usesSample: true },
      answeredAt: "2026-12-02T10:00:00.000Z",
    });
    expect(storedEligibility(undefined, at)).toBeNull();
  });

  it("are read back defensively: unknown keys and values that are not true or false are dropped", () => {
    expect(
      readStoredEligibility({ answers: { changedLyrics: true, remixed: true, usesSample: "yes" }, answeredAt: "t" }),
    ).toEqual({ answers: { changedLyrics: true }, answeredAt: "t" });
    for (const junk of [null, 3, {}, { answers: {} }, { answers: null, answeredAt: "t" }])
      expect(readStoredEligibility(junk)).toBeNull();
  });
});

describe("a release already out", () => {
  it("refuses the filing at <path>.alreadyReleased; any other answer does not", () => {
    let thrown: unknown;
    try {
      refuseAlreadyReleased({ alreadyReleased: true }, "eligibility");
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: "release_date_in_past", errors: [{ path: "eligibility.alreadyReleased" }] });
    expect(() => refuseAlreadyReleased({ alreadyReleased: false, changedLyrics: true }, "eligibility")).not.toThrow();
    expect(() => refuseAlreadyReleased(undefined, "eligibility")).not.toThrow();
  });
});

describe("reason labels", () => {
  it('not_us_copyright is "Never distributed in the US"; domestic_only stays known but is not offered', () => {
    expect(REASON_LABELS.not_us_copyright).toBe("Never distributed in the US");
    expect(CANNOT_LICENSE_REASONS).toContain("domestic_only");
    expect(OFFERED_REASONS).not.toContain("domestic_only");
    expect(OFFERED_REASONS).toEqual(CANNOT_LICENSE_REASONS.filter((r) => r !== "domestic_only"));
  });
});
