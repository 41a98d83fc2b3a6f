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
    ["changedLyrics", "changed_lyrics", null, /The lyrics were changed/],
    ["changedMelody", "changed_melody", null, /The melody was changed/],
    ["usesSample", "custom_license_required", null, /A custom license is required/],
    ["videoOrSync", "custom_license_required", null, /A custom license is required/],
    ["neverReleasedInUs", "custom_license_required", null, /A custom license is required/],
    ["alreadyReleased", null, "release_date_in_past", /filing would be refused/],
  ])("a yes to %s ends as reason %s / refusal %s, explained", async (question, reason, refusal, summary) => {
    const res = await check({ [question]: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eligible: false, findings: [{ question, reason, refusal }] });
    expect(res.body.summary).toMatch(summary);
    expect(res.body.findings[0].explanation.length).toBeGreaterThan(40);
  });

  it("lists every answer that rules it out, in the order of the questions", async () => {
    const res = await check({ videoOrSync: true, changedLyrics: true, alreadyReleased: true });
    expect(res.body.findings.map((f: { question: string }) => f.question)).toEqual([
      "changedLyrics",
      "videoOrSync",
      "alreadyReleased",
    ]);
    expect(res.body.summary).toMatch(/The lyrics were changed/);
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
