import { beforeAll, describe, expect, it } from "vitest";
import * as eligibilityRoute from "@/app/api/eligibility/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let key: string;

beforeAll(async () => {
  key = (await clientKey(db(), "Eligible Records")).key;
});

const check = (body: unknown, k = key) => call(eligibilityRoute.POST, "POST", "/api/eligibility", { key: k, body });

describe("POST /api/eligibility", () => {
  it("finds nothing against a plain cover, and says the research still decides", async () => {
    for (const body of [{}, { changedLyrics: false, usesSample: false }]) {
      const res = await check(body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ eligible: true, findings: [] });
      expect(res.body.summary).toMatch(/can apply/);
    }
  });

  it.each([
    ["changedLyrics", "cannot_license", "changed_lyrics", null, false, /"Cannot license" \(The lyrics were changed\)/],
    ["changedMelody", "cannot_license", "changed_melody", null, false, /\(The melody was changed\)/],
    ["usesSample", "cannot_license", "custom_license_required", null, false, /\(A custom license is required\)/],
    ["videoOrSync", "cannot_license", "custom_license_required", null, false, /\(A custom license is required\)/],
    ["neverReleasedInUs", "cannot_license", "custom_license_required", null, false, /\(A custom license is required\)/],
    [
      "alreadyReleased",
      "not_filed",
      "custom_license_required",
      "release_date_in_past",
      false,
      /cannot be filed.*retroactive/,
    ],
    ["distributedOutsideUs", "warning", null, null, true, /can apply, within limits.*United States only/],
    ["beyondPrivateUse", "cannot_license", "custom_license_required", null, false, /\(A custom license is required\)/],
    ["medleyOrMashup", "warning", null, null, true, /can apply, within limits.*owners' permission/],
    ["publicDomain", "no_license_needed", null, null, false, /No license is needed.*do not file/],
  ])(
    "a yes to %s: outcome %s, reason %s, refusal %s, eligible %s, explained",
    async (question, outcome, reason, refusal, eligible, summary) => {
      const res = await check({ [question]: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ eligible, findings: [{ question, outcome, reason, refusal }] });
      expect(res.body.summary).toMatch(summary);
      expect(res.body.findings[0].explanation.length).toBeGreaterThan(40);
    },
  );

  it("lists every answer that rules it out in the order of the questions, the summary naming what ends it soonest", async () => {
    const res = await check({ videoOrSync: true, changedLyrics: true, alreadyReleased: true, medleyOrMashup: true });
    expect(res.body.findings.map((f: { question: string }) => f.question)).toEqual([
      "changedLyrics",
      "videoOrSync",
      "alreadyReleased",
      "medleyOrMashup",
    ]);
    expect(res.body.eligible).toBe(false);
    expect(res.body.summary).toMatch(/cannot be filed/);
    const lyrics = await check({ distributedOutsideUs: true, changedLyrics: true });
    expect(lyrics.body.summary).toMatch(/The lyrics were changed/);
  });

  it.each([
    [{ changedLyrics: "yes" }, "changedLyrics"],
    [{ remixed: true }, ""],
    [[true], ""],
  ])("refuses %j with validation_failed", async (body, path) => {
    const res = await check(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    if (path) expect(res.body.errors).toEqual([expect.objectContaining({ path })]);
  });

  it("answers staff keys too, and no one without a key", async () => {
    expect((await check({ changedMelody: true }, await staffKey(db()))).status).toBe(200);
    const anonymous = await call(eligibilityRoute.POST, "POST", "/api/eligibility", { body: {} });
    expect(anonymous.status).toBe(401);
  });
});
