import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { licenseDocument } from "@/lib/licensing/license-document";
import { noticeLetter } from "@/lib/licensing/notice-letter";
import { invoiceDocument } from "@/lib/money/invoice-document";
import { clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, requestBody } from "../helpers/fixtures";
import { issueInvoice } from "../helpers/money";
import { pdfText } from "../helpers/pdf-text";
import { addSong, requestIn } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Names in the scripts a document prints with its embedded fonts (docs/decisions/document-fonts.md). pdf.js gives
// right-to-left text back in reading order only when its glyphs were drawn right to left, as a reader sees them, so
// the Hebrew and Arabic names are compared as they are written.
const LICENSEE = "株式会社 テスト";
const WRITERS = ["Zoë Ñúñez", "Ελληνικά", "Кириллица"];
const OWNERS = ["שלום", "مرحبا"];

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
const body = requestBody({
  track: {
    album: {
      title: "Covers",
      artist: "Band",
      licensee: { ...COMPLETE_LICENSEE, companyName: LICENSEE, email: "l@example.com", officers: "山田 太郎" },
    },
    song: { title: "Κάλαντα", originalRecordingArtist: "Band" },
  },
});
const text = async (bytes: Uint8Array) => (await pdfText(bytes)).replace(/\s+/g, " ");

beforeAll(async () => {
  keys = { client: (await clientKey(db(), LICENSEE)).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, {
    title: "Κάλαντα",
    writers: WRITERS,
    owners: OWNERS.map((name, i) => ({
      name,
      email: `owner${i}@example.com`,
      postalAddress: `${i + 1} Main Street\nNashville, TN 37203`,
      share: 50,
    })),
  });
});

describe("documents for names in other scripts", () => {
  it("print the licensee, writers and owners on the license, each name as written", async () => {
    const id = await requestIn(keys, "licensed", song, body);
    const license = await text((await licenseDocument(db(), employee, id)).bytes);
    expect(license).toContain(`Licensee ${LICENSEE}`);
    expect(license).toContain(`Writers ${WRITERS.join(", ")}`);
    for (const owner of OWNERS) expect(license).toContain(`Copyright owner ${owner}: 50%`);
    expect(license).toContain("Song Κάλαντα");
    expect(license).not.toContain("?");
  });

  it("print them on the notice letter and the invoice", async () => {
    const id = await requestIn(keys, "licensed", song, body);
    const letter = await text((await noticeLetter(db(), employee, id, song.owners[0]!.id)).bytes);
    expect(letter).toContain(LICENSEE);
    expect(letter).toContain("Officers or owners 山田 太郎");
    expect(letter).toContain(OWNERS[0]);
    expect(letter).toContain("Κάλαντα");

    const owing = await requestIn(keys, "need_payment", song, body);
    const issued = await issueInvoice(keys.client, [owing]);
    expect(issued.status).toBe(201);
    const invoice = await text((await invoiceDocument(db(), employee, issued.body.id)).bytes);
    expect(invoice).toContain(`To ${LICENSEE}, issued`);
    expect(invoice).toContain("Κάλαντα");
  });
});
