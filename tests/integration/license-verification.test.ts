import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { licenseDocument } from "@/lib/licensing/license-document";
import { RateLimitedError } from "@/lib/errors";
import { VERIFICATION_CODE } from "@/lib/requests/verification-code";
import { countVerificationLookup } from "@/lib/verification/count-verification-lookup";
import { verifyLicense } from "@/lib/verification/verify-license";
import { clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { pdfQrCodes } from "../helpers/pdf-qr";
import { pdfText } from "../helpers/pdf-text";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
afterEach(() => vi.unstubAllEnvs());
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Verified Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, songBody({ title: "Checkable Tune", writers: ["Vera Fy", "Cody Check"] }));
});

const codeOf = async (id: number) =>
  (await db().select({ code: requests.verificationCode }).from(requests).where(eq(requests.id, id)))[0]?.code ?? null;
const lookup = (code: string) => verifyLicense(db(), code);

describe("a license's verification code", () => {
  it("is given when the request is licensed (128 random bits), never before", async () => {
    const ready = await requestIn(keys, "ready", song);
    expect(await codeOf(ready)).toBeNull();
    const licensed = await requestIn(keys, "licensed", song);
    const code = await codeOf(licensed);
    expect(code).toMatch(VERIFICATION_CODE);
    expect(Buffer.from(code!, "base64url")).toHaveLength(16);
    expect(await codeOf(await requestIn(keys, "licensed", song))).not.toBe(code);
  });

  it("is printed on the license as text and as a QR code of the public verification address", async () => {
    const id = await requestIn(keys, "licensed", song);
    const code = (await codeOf(id))!;
    const { bytes } = await licenseDocument(db(), employee, id);
    const text = (await pdfText(bytes)).replace(/\s+/g, " ");
    expect(text).toContain(`Verification code ${code}`);
    expect(text).toContain(`/verify/${code}`);
    expect(await pdfQrCodes(bytes)).toEqual([expect.stringMatching(new RegExp(`^https?://[^/]+/verify/${code}$`))]);
  });

  it("is given on first rendering to a license that had none", async () => {
    const id = await requestIn(keys, "licensed", song);
    await db().update(requests).set({ verificationCode: null }).where(eq(requests.id, id));
    await licenseDocument(db(), employee, id);
    const code = await codeOf(id);
    expect(code).toMatch(VERIFICATION_CODE);
    await licenseDocument(db(), employee, id);
    expect(await codeOf(id)).toBe(code);
  });
});

describe("the public verification", () => {
  it("shows what the license covers and that it is valid, nothing private", async () => {
    const body = requestBody({ track: { releases: [{ formatId: 1001, releaseQuantity: 2500 }] } });
    const id = await requestIn(keys, "licensed", song, body);
    const found = await lookup((await codeOf(id))!);
    expect(found).toEqual({
      valid: true,
      kind: "compulsory",
      title: "Confirmation of compulsory license (17 U.S.C. § 115)",
      song: { title: "Checkable Tune", writers: ["Vera Fy", "Cody Check"] },
      licensee: "Test Licensee LLC",
      format: "Compact Discs",
      licensedUnits: 2500,
      releaseMonth: expect.stringMatching(/^\d{4}-\d{2}$/),
      licensedAt: expect.any(Date),
    });
  });

  it("says not valid once the request is no longer licensed", async () => {
    const id = await requestIn(keys, "licensed", song);
    const code = (await codeOf(id))!;
    await db().update(requests).set({ statusCode: "cancelled" }).where(eq(requests.id, id));
    expect(await lookup(code)).toMatchObject({ valid: false });
  });

  it.each(["", "short", "A".repeat(22), "'; drop table requests; --xxxxxxxxxx"])(
    "finds nothing for %j",
    async (code) => {
      expect(await lookup(code)).toBeNull();
    },
  );

  it("limits lookups per address, whatever the code", async () => {
    vi.stubEnv("VERIFY_LOOKUPS_PER_MINUTE", "3");
    for (let i = 0; i < 3; i++) await countVerificationLookup(db(), "203.0.113.9");
    await expect(countVerificationLookup(db(), "203.0.113.9")).rejects.toBeInstanceOf(RateLimitedError);
    await countVerificationLookup(db(), "203.0.113.10");
  });
});
