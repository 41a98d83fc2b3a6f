import { and, eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import NoSuchLicense from "@/app/verify/[code]/not-found";
import VerifyLicensePage from "@/app/verify/[code]/page";
import { albums, licensees, ownerNotices, releases, requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { licenseDocument } from "@/lib/licensing/license-document";
import { clientKey, staffKey } from "../helpers/api";
import { pdfText, pdfTextItems } from "../helpers/pdf-text";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
let harbor: number;
let ben: number;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Honest Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, songBody({ title: "Truthful Tide" }));
  [harbor, ben] = song.owners.map((o) => o.id) as [number, number];
});

const COMPULSORY = "Confirmation of compulsory license (17 U.S.C. § 115)";
const STREAM = "Stream license from the copyright owners (voluntary; not under 17 U.S.C. § 115)";

/** What the license's PDF says, as a reader extracts it, whitespace made single spaces. */
const documentText = async (id: number) =>
  (await pdfText((await licenseDocument(db(), employee, id)).bytes)).replace(/\s+/g, " ");

/** Records on a notice how it was served (or accepted), as the serving and acceptance steps write it. */
const record = (requestId: number, ownerId: number, values: Partial<typeof ownerNotices.$inferInsert>) =>
  db()
    .update(ownerNotices)
    .set(values)
    .where(and(eq(ownerNotices.requestId, requestId), eq(ownerNotices.ownerId, ownerId)));

async function licenseeOf(requestId: number) {
  const [row] = await db()
    .select({ id: albums.licenseeId })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(requests.id, requestId));
  return row!.id;
}

describe("the compulsory license's confirmation", () => {
  let id: number;
  let text: string;

  beforeAll(async () => {
    id = await requestIn(keys, "licensed", song);
    await db()
      .update(licensees)
      .set({ agentAuthorizedAt: new Date("2026-10-05T15:00:00Z"), agentAuthorizedBy: "Casey Client" })
      .where(eq(licensees.id, await licenseeOf(id)));
    await record(id, harbor, {
      servedMethod: "mail",
      servedOn: "2026-11-20",
      servedCarrier: "USPS",
      servedTrackingNumber: "9400111899223344556677",
    });
    await record(id, ben, {
      servedMethod: "copyright_office",
      servedOn: "2026-11-21",
      route: "copyright_office",
      ownerNotFoundAt: new Date("2026-11-19T12:00:00Z"),
      filingReference: "CO-2026-0042",
    });
    text = await documentText(id);
  });

  it("is titled a confirmation, never a license CoverDesk issued", () => {
    expect(text.startsWith(COMPULSORY)).toBe(true);
    expect(text).toContain("Test Licensee LLC obtained this compulsory license by serving a notice of intention");
    expect(text).not.toMatch(/issued by/i);
    expect(text).not.toContain("Compulsory Mechanical License");
  });

  it("names CoverDesk as the licensee's agent, with the client's authorization, holding the prepaid royalty", () => {
    for (const expected of [
      "CoverDesk, authorized agent for Test Licensee LLC: the client authorized CoverDesk as its agent by Casey Client on October 5, 2026.",
      "CoverDesk, as the agent of Test Licensee LLC, served the notices of intention listed below.",
      "CoverDesk holds the prepaid royalty of $131.00 (USD) for payment to the copyright owners in their shares.",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("lists how each notice was served, and holds the share of an owner the Office's records do not identify", () => {
    expect(text).toContain(
      "Harbor Music Publishing: 60%. Notice of intention served by mail on November 20, 2026, carrier USPS, tracking number 9400111899223344556677.",
    );
    expect(text).toContain(
      "Ben Composer Songs: 40%, held for an owner not identified in the Copyright Office's records, royalty not payable: owner not identified. Notice of intention filed with the Copyright Office on November 21, 2026, filing reference CO-2026-0042.",
    );
    expect(text).toContain(
      "A share held for an owner not identified in the Copyright Office's records is not charged for copies made before that owner is identified.",
    );
  });

  it("states its scope: the United States, audio only, no change to lyrics or melody", () => {
    for (const expected of [
      "Territory The United States only",
      "Audio-only phonorecords in the format and quantity above. No video, synchronization, print or lyric display.",
      "no change to its lyrics or to the melody's fundamental character",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("states the licensee's continuing duties: monthly statements and payment, termination after an uncured default", () => {
    expect(text).toContain("The licensee's continuing duties");
    expect(text).toContain("Every month, by the 20th, a statement of account to each copyright owner");
    expect(text).toContain("not cured within 30 days of that notice, the compulsory license terminates");
  });

  it.each([
    {
      how: "by email, to the owner's email",
      values: { servedMethod: "email" as const, servedOn: "2026-11-18" },
      says: "Notice of intention served by email on November 18, 2026 to rights@harbor.example.com.",
    },
    {
      how: "by mail without a tracking number",
      values: { servedMethod: "mail" as const, servedOn: "2026-11-18", servedCarrier: "FedEx" },
      says: "Notice of intention served by mail on November 18, 2026, carrier FedEx, no tracking number.",
    },
    {
      how: "late, with the employee's attestation",
      values: {
        servedMethod: "mail" as const,
        servedOn: "2026-12-02",
        servedCarrier: "UPS",
        servedTrackingNumber: "1Z999",
        servedByName: "Sam Staff",
        lateAttestation: {
          noCopiesDistributed: true as const,
          madeWithin30Days: true as const,
          note: "pressing delayed",
          dueOn: "2026-11-30",
        },
      },
      says:
        "tracking number 1Z999. Served after its due date of November 30, 2026: Sam Staff attested that no phonorecord had been distributed " +
        "before the notice was served and that it was served within 30 days after the first phonorecord was made (pressing delayed).",
    },
  ])("shows a notice served $how", async ({ values, says }) => {
    const other = await requestIn(keys, "licensed", song);
    await record(other, harbor, values);
    expect(await documentText(other)).toContain(says);
  });

  it("names the agent without a date when no authorization was recorded", async () => {
    const other = await requestIn(keys, "licensed", song);
    await db()
      .update(licensees)
      .set({ agentAuthorizedAt: null, agentAuthorizedBy: null })
      .where(eq(licensees.id, await licenseeOf(other)));
    expect(await documentText(other)).toContain("Agent CoverDesk, authorized agent for Test Licensee LLC. ");
  });
});

describe("a voluntary stream license", () => {
  const longTerms = Array.from({ length: 60 }, (_, i) => `clause${i + 1} applies to streams`).join(" ");
  let id: number;
  let text: string;

  beforeAll(async () => {
    // The document prints what the acceptances recorded; how staff record them has its own tests.
    id = await requestIn(keys, "licensed", song);
    const [row] = await db().select({ releaseId: requests.releaseId }).from(requests).where(eq(requests.id, id));
    await db()
      .update(releases)
      .set({ formatId: 1003, expectedOutletsOfDistribution: "Bandcamp, Mixcloud" })
      .where(eq(releases.id, row!.releaseId));
    const accepted = { servedMethod: null, servedCarrier: null, filingReference: null };
    await record(id, harbor, {
      ...accepted,
      acceptedOn: "2026-11-12",
      acceptanceReference: "HMP-77",
      acceptanceTerms: longTerms,
    });
    await record(id, ben, { ...accepted, acceptedOn: "2026-11-13", acceptanceReference: "email of Nov 13" });
    text = await documentText(id);
  });

  it("is titled a voluntary license from the owners and never calls itself compulsory", () => {
    expect(text.startsWith(STREAM)).toBe(true);
    expect(text).not.toMatch(/compulsory/i);
    expect(text.split("17 U.S.C. § 115")).toHaveLength(2);
    expect(text).toContain("§ 115)");
    expect(text.split("§ 115")).toHaveLength(2);
    expect(text).not.toMatch(/issued by|notice of intention/i);
  });

  it("lists each owner's acceptance instead of notices, with the terms accepted", () => {
    expect(text).toContain(
      "Harbor Music Publishing: 60%. Accepted on November 12, 2026, reference HMP-77; terms: clause1",
    );
    expect(text).toContain("clause60 applies to streams.");
    expect(text).toContain(
      "Ben Composer Songs: 40%. Accepted on November 13, 2026, reference email of Nov 13; no terms beyond the request as filed.",
    );
    expect(text).toContain(
      "CoverDesk, as the agent of Test Licensee LLC, obtained the owners' acceptances listed below.",
    );
    expect(text).toContain("The terms each owner accepted, as recorded above, govern this license.");
    expect(text).toContain("As each owner's terms require.");
  });

  it("wraps long terms within the page", async () => {
    const items = await pdfTextItems((await licenseDocument(db(), employee, id)).bytes);
    const overflowing = items.filter((i) => i.x + i.width > i.pageWidth - 56 + 0.5).map((i) => i.text);
    expect(overflowing).toEqual([]);
    expect(items.filter((i) => i.text.includes("clause")).length).toBeGreaterThan(3);
  });
});

describe("the public verification page", () => {
  const render = async (code: string) =>
    renderToStaticMarkup(await VerifyLicensePage({ params: Promise.resolve({ code }) }));
  const codeOf = async (id: number) =>
    (await db().select({ code: requests.verificationCode }).from(requests).where(eq(requests.id, id)))[0]!.code!;

  it("says a licensed request's compulsory license is confirmed valid, in the document's words", async () => {
    const html = await render(await codeOf(await requestIn(keys, "licensed", song)));
    expect(html).toContain(`${COMPULSORY}: valid.`);
    expect(html).toContain("CoverDesk acting as its agent");
    expect(html).not.toMatch(/issued by/i);
  });

  it("names a stream license as the owners' voluntary license", async () => {
    const id = await requestIn(keys, "licensed", song);
    const [row] = await db().select({ releaseId: requests.releaseId }).from(requests).where(eq(requests.id, id));
    await db().update(releases).set({ formatId: 1003 }).where(eq(releases.id, row!.releaseId));
    const html = await render(await codeOf(id));
    expect(html).toContain(`${STREAM}: valid.`);
    expect(html).not.toMatch(/compulsory/i);
  });

  it("answers a wrong code, signed out, with the public 404 page 'No such license'", async () => {
    const thrown = await render("A".repeat(22)).catch((e: unknown) => e);
    expect(String((thrown as { digest?: unknown }).digest)).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    const html = renderToStaticMarkup(NoSuchLicense());
    expect(html).toContain("<h1");
    expect(html).toContain("No such license");
    expect(html).toContain("No license has this verification code.");
    expect(html).not.toMatch(/sign in|dashboard|another account|not found/i);
  });
});
