import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as licenseeRoute from "@/app/api/licensees/[id]/route";
import * as letterRoute from "@/app/api/requests/[id]/owners/[ownerId]/notice.pdf/route";
import * as bulkRoute from "@/app/api/requests/status/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import type { Actor } from "@/lib/auth/actor";
import { albums, imports, licensees, ownerNotices, releases, requests } from "@/db/schema";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { formatLongDate } from "@/lib/formatting";
import { runFormAction } from "@/lib/forms/run-form-action";
import { drainImports } from "@/lib/imports/drain-imports";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { importRow, postCheckedImport, readImport } from "../helpers/imports";
import { invoiceAndPay } from "../helpers/money";
import { patchLicensee } from "../helpers/patch";
import { pdfText } from "../helpers/pdf-text";
import { errorPaths, expectProblem } from "../helpers/problem";
import { addSong, linkSong, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Issue 43: the licensee's details a notice of intention states, CoverDesk's authority as its agent, and the letter.
const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Agency Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
});

const withLicensee = (licensee: Record<string, unknown>, formatId = 1002) =>
  requestBody({
    track: {
      album: { title: "Agency Covers", artist: "The Agents", licensee },
      releases: [{ formatId, releaseQuantity: 1000 }],
    },
  });

/** Files a request for `licensee` and drives it to `need_payment`, paid in full: only the licensee can stop it now. */
async function paidRequest(licensee: Record<string, unknown>, formatId = 1002) {
  const filed = await fileRequest(keys.client, withLicensee(licensee, formatId));
  expect((await linkSong(keys.staff, filed.id, song.id)).status).toBe(200);
  expect((await setStatus(keys.staff, filed.id, { code: "ready" })).status).toBe(200);
  expect((await setStatus(keys.staff, filed.id, { code: "need_payment" })).status).toBe(200);
  await invoiceAndPay(keys, [filed.id]);
  return filed;
}

const statusOf = async (id: number) =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } })).body
    .status.code;
const noticesOf = (id: number) => db().select().from(ownerNotices).where(eq(ownerNotices.requestId, id));
const getLicensee = (id: string) =>
  call(licenseeRoute.GET, "GET", `/api/licensees/${id}`, { key: keys.client, params: { id } });

const without = (l: Record<string, unknown>, ...fields: string[]) =>
  Object.fromEntries(Object.entries(l).filter(([f]) => !fields.includes(f)));
const PERSON = { ...without(COMPLETE_LICENSEE, "companyName", "officers"), firstName: "Rae", lastName: "Doe" };

describe("beginning licensing needs the licensee's details (409 licensee_incomplete)", () => {
  it.each([
    { missing: "a person's first name", licensee: without(PERSON, "firstName"), paths: ["firstName"] },
    { missing: "the street address", licensee: without(PERSON, "address"), paths: ["address"] },
    { missing: "the city", licensee: without(PERSON, "city"), paths: ["city"] },
    { missing: "both state and ZIP", licensee: without(PERSON, "state", "zip"), paths: ["state"] },
    { missing: "the country", licensee: without(PERSON, "country"), paths: ["country"] },
    { missing: "the phone", licensee: without(PERSON, "phone1"), paths: ["phone1"] },
    { missing: "a company's officers", licensee: without(COMPLETE_LICENSEE, "officers"), paths: ["officers"] },
    {
      missing: "everything but a last name",
      licensee: { lastName: "Bare", email: "bare@example.com" },
      paths: ["address", "city", "country", "firstName", "phone1", "state"],
    },
  ])("refuses it without $missing, one error per missing field", async ({ licensee, paths }) => {
    const { id } = await paidRequest(licensee);
    const res = await setStatus(keys.staff, id, { code: "in_progress" });
    const problem = expectProblem(res, 409, "licensee_incomplete");
    expect(errorPaths(res)).toEqual(paths);
    for (const path of paths) expect(problem.detail).toContain(path);
    expect(await statusOf(id)).toBe("need_payment");
    expect(await noticesOf(id)).toEqual([]);
  });

  it.each([
    { who: "a person with first and last name", licensee: PERSON },
    { who: "a person with a ZIP and no state", licensee: without(PERSON, "state") },
    { who: "a company with its officers and no person's name", licensee: without(COMPLETE_LICENSEE, "lastName") },
  ])("lets it begin for $who (paying the invoice begins it)", async ({ licensee }) => {
    const { id } = await paidRequest(licensee);
    expect(await statusOf(id)).toBe("in_progress");
    expect(await noticesOf(id)).toHaveLength(song.owners.length);
  });

  it("begins once the client completes the licensee", async () => {
    const { id, licenseeId } = await paidRequest(without(COMPLETE_LICENSEE, "officers", "phone1"));
    expect(errorPaths(await setStatus(keys.staff, id, { code: "in_progress" }))).toEqual(["officers", "phone1"]);
    const patched = await patchLicensee(keys.client, licenseeId, { officers: "Ann Owner, CEO", phone1: "+1 555 0100" });
    expect(patched.status).toBe(200);
    expect((await setStatus(keys.staff, id, { code: "in_progress" })).status).toBe(200);
  });

  it("refuses it on a bulk move for the incomplete one only, saying what is missing", async () => {
    // Both wait after payment; the client completes one of them, then staff begin both at once.
    const complete = await paidRequest(without(PERSON, "phone1"));
    const incomplete = await paidRequest(without(PERSON, "address"));
    expect(await statusOf(complete.id)).toBe("need_payment");
    expect((await patchLicensee(keys.client, complete.licenseeId, { phone1: "+1 555 0100" })).status).toBe(200);
    const res = await call(bulkRoute.POST, "POST", "/api/requests/status", {
      key: keys.staff,
      body: { requestIds: [complete.id, incomplete.id], code: "in_progress" },
    });
    expect(res.body.results).toEqual([
      { id: complete.id, ok: true },
      { id: incomplete.id, ok: false, code: "licensee_incomplete", detail: expect.stringContaining("lacks: address") },
    ]);
    expect([await statusOf(complete.id), await statusOf(incomplete.id)]).toEqual(["in_progress", "need_payment"]);
  });
});

describe("CoverDesk's authority as the licensee's agent", () => {
  it("is recorded when the API files a new licensee, with officers, and shown read-only", async () => {
    const before = Date.now();
    const { licenseeId } = await fileRequest(keys.client, withLicensee(COMPLETE_LICENSEE));
    const res = await getLicensee(licenseeId);
    expect(res.status).toBe(200);
    const [row] = await db().select().from(licensees).where(eq(licensees.id, licenseeId));
    expect(res.body).toMatchObject({ officers: "Jane Doe, president", agentAuthorizedBy: "Agency Records" });
    // Authorized as the licensee was created.
    expect(Math.abs(Date.parse(res.body.agentAuthorizedAt) - row!.dateAdded.getTime())).toBeLessThan(5000);
    expect(Date.parse(res.body.agentAuthorizedAt)).toBeGreaterThanOrEqual(before - 1000);
    for (const field of ["agentAuthorizedAt", "agentAuthorizedBy"]) {
      const refused = await patchLicensee(keys.client, licenseeId, { [field]: "someone else" });
      const problem = expectProblem(refused, 400, "invalid_patch");
      expect(errorPaths(refused)).toEqual(["0.path"]);
      expect(problem.detail).toContain(field);
    }
    expect((await getLicensee(licenseeId)).body.agentAuthorizedBy).toBe("Agency Records");
  });

  it("is recorded when the portal's wizard files a new licensee, by the signed-in user", async () => {
    const account = await findOrCreateAccount(db(), "Agency Records");
    const user: Actor = {
      kind: "client",
      name: "Pat Portal",
      accountId: account.id,
      role: "member",
      userId: null,
      apiKeyId: null,
    };
    const values = {
      album: { title: "Wizard Album", artist: "Wiz", licensee: COMPLETE_LICENSEE },
      release: { formatId: 1002, releaseQuantity: 100 },
      tracks: [{ song: { title: "Jolene", originalRecordingArtist: "Dolly Parton" }, lengthInSeconds: 160 }],
    };
    const result = await runFormAction(user, { schema: createAlbumRequestsSchema, values }, ({ input }) =>
      createAlbumRequests(db(), user, input),
    );
    expect(result.ok).toBe(true);
    const [album] = await db().select().from(albums).where(eq(albums.title, "Wizard Album"));
    const [row] = await db().select().from(licensees).where(eq(licensees.id, album!.licenseeId));
    expect(row).toMatchObject({ agentAuthorizedBy: "Pat Portal", officers: "Jane Doe, president" });
    expect(Math.abs(row!.agentAuthorizedAt!.getTime() - row!.dateAdded.getTime())).toBeLessThan(5000);
  });

  it("is recorded when an import files a new licensee, by the import's creator", async () => {
    const checked = await postCheckedImport(db(), keys.client, [
      importRow("Imported Song", undefined, {
        album: { title: "Imported", artist: "Imp", licensee: { ...COMPLETE_LICENSEE, officers: "Ivy Import, owner" } },
      }),
    ]);
    await drainImports(db());
    const [row] = (await readImport(keys.client, checked.body.id, "limit=10")).body.rows as { requestId: number }[];
    const [filed] = await db()
      .select({ licensee: licensees })
      .from(requests)
      .innerJoin(releases, eq(releases.id, requests.releaseId))
      .innerJoin(albums, eq(albums.id, releases.albumId))
      .innerJoin(licensees, eq(licensees.id, albums.licenseeId))
      .where(eq(requests.id, row!.requestId));
    const [imported] = await db().select().from(imports).where(eq(imports.id, checked.body.id));
    expect(filed!.licensee).toMatchObject({
      officers: "Ivy Import, owner",
      agentAuthorizedBy: imported!.createdByName,
    });
    expect(filed!.licensee.agentAuthorizedAt).not.toBeNull();
  });
});

describe("the notice letter", () => {
  const letter = (id: number, ownerId: number) =>
    call(letterRoute.GET, "GET", `/api/requests/${id}/owners/${ownerId}/notice.pdf`, {
      key: keys.staff,
      params: { id: String(id), ownerId: String(ownerId) },
    });
  async function letterText(id: number, ownerId: number) {
    const res = await letterRoute.GET(
      new Request(`http://localhost/api/requests/${id}/owners/${ownerId}/notice.pdf`, {
        headers: { Authorization: `Bearer ${keys.staff}` },
      }),
      { params: Promise.resolve({ id: String(id), ownerId: String(ownerId) }) },
    );
    expect(res.status).toBe(200);
    return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
  }
  async function inLicensing(licensee: Record<string, unknown>, formatId: number) {
    const filed = await paidRequest(licensee, formatId);
    expect(await statusOf(filed.id)).toBe("in_progress"); // paying began it
    return filed;
  }

  it("states the heading, the licensee's name, phone, address and officers, the label, catalog number and dates, and the agent's signature", async () => {
    const { id, releaseId, licenseeId } = await inLicensing(COMPLETE_LICENSEE, 1001);
    await db()
      .update(releases)
      .set({ label: "Agency Sound", catalogNumber: "AGS-042", manufactureDate: "2027-02-15" })
      .where(eq(releases.id, releaseId));
    const authority = (await getLicensee(licenseeId)).body;
    const recorded = formatLongDate(authority.agentAuthorizedAt);
    const harbor = song.owners[0]!.id;
    const text = await letterText(id, harbor);
    for (const part of [
      "Notice of Intention to Obtain a Compulsory License for Making and Distributing Phonorecords",
      "Full legal name Test Licensee LLC",
      "Street address 100 Congress Avenue, Austin, TX 78701, US",
      "Telephone +1 512 555 0100",
      "Officers or owners Jane Doe, president",
      "Label Agency Sound",
      "Catalog number AGS-042",
      "Date of manufacture February 15, 2027",
      "Release month",
      "Signed CoverDesk, authorized agent for Test Licensee LLC",
      "By CoverDesk staff (API)",
      `Agent's authority recorded ${recorded} (given by Agency Records)`,
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain("CoverDesk track");

    // Once served, it is signed by the employee who served it.
    expect((await serve(keys.staff, id, harbor, { method: "mail", carrier: "USPS" })).status).toBe(200);
    const [notice] = (await noticesOf(id)).filter((n) => n.ownerId === harbor);
    expect(await letterText(id, harbor)).toContain(`By ${notice!.servedByName}`);
  });

  it('prints "none assigned" without a label or catalog number, and no manufacture date for a digital release', async () => {
    const { id } = await inLicensing({ ...PERSON }, 1002);
    const text = await letterText(id, song.owners[0]!.id);
    expect(text).toContain("Full legal name Rae Doe");
    expect(text).toContain("Label none assigned");
    expect(text).toContain("Catalog number none assigned");
    expect(text).not.toContain("Date of manufacture");
    expect(text).not.toContain("Officers or owners");
    expect(text).toContain("Signed CoverDesk, authorized agent for Rae Doe");
  });

  it("is refused for an owner with no postal address, saying what to add", async () => {
    const emailOnly = await addSong(
      keys.staff,
      songBody({
        title: "Inbox Ballad",
        owners: [
          { name: "Inbox Only Music", email: "notices@inbox-only.example.com", postalAddress: null, share: 100 },
        ],
      }),
    );
    const filed = await fileRequest(keys.client, withLicensee(COMPLETE_LICENSEE));
    await linkSong(keys.staff, filed.id, emailOnly.id);
    await setStatus(keys.staff, filed.id, { code: "ready" });
    await setStatus(keys.staff, filed.id, { code: "need_payment" });
    await invoiceAndPay(keys, [filed.id]);
    expect(await statusOf(filed.id)).toBe("in_progress"); // paying began it
    const problem = expectProblem(await letter(filed.id, emailOnly.owners[0]!.id), 409, "owner_contact_missing");
    expect(problem.detail).toContain("Inbox Only Music has no postal address on file");
  });
});
