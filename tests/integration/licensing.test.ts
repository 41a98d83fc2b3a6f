import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import * as licenseRoute from "@/app/api/requests/[id]/license/route";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import { albums, ownerNotices, requests, requestStatusEvents, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { setClock } from "@/lib/clock";
import { licenseDocument } from "@/lib/licensing/license-document";
import { lockRequest } from "@/lib/requests/lock-request";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { updateSong } from "@/lib/songs/update-song";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { invoiceAndPay } from "../helpers/money";
import { pdfText } from "../helpers/pdf-text";
import { addSong, linkSong, payAndBegin, requestIn, serve, setStatus, songBody } from "../helpers/staff";
import { untilWaitingForLock } from "../helpers/lock-wait";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let accountId: number;
let song: Awaited<ReturnType<typeof addSong>>;
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };

beforeAll(async () => {
  const client = await clientKey(db(), "Licensing Records");
  accountId = client.accountId;
  keys = { client: client.key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, songBody({ title: "Lanterns Over Galveston", writers: ["Rita Rowe", "Sol Marsh"] }));
});

// The licensing step names how and when each owner was served (by mail today: the default).
const servedNote = expect.stringMatching(
  /^Every copyright owner has been served: Harbor Music Publishing by mail on [A-Z][a-z]{2} \d{1,2}, \d{4}; Ben Composer Songs by mail on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
);

const notices = (key: string, id: number) =>
  call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key, params: { id: String(id) } });
const license = (key: string, id: number) =>
  call(licenseRoute.GET, "GET", `/api/requests/${id}/license`, { key, params: { id: String(id) } });

describe("linking a request's track to a catalog song", () => {
  it("links the track, marks the request songLinked, and allows relinking before licensing begins", async () => {
    const { id, trackId } = await fileRequest(keys.client);
    const first = await linkSong(keys.staff, id, song.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, songLinked: true, status: { code: "new" } });
    const other = await addSong(keys.staff, songBody({ title: "Another Tune" }));
    expect((await linkSong(keys.staff, id, other.id)).status).toBe(200);
    const [track] = await db().select().from(tracks).where(eq(tracks.id, trackId));
    expect(track?.catalogSongId).toBe(other.id);
    expect(track?.songLinkedAt).not.toBeNull();
  });

  it("refuses relinking once licensing has begun (409 licensing_begun), but relinking the same song is a no-op", async () => {
    const id = await requestIn(keys, "in_progress", song);
    const other = await addSong(keys.staff, songBody({ title: "Too Late Tune" }));
    const res = await linkSong(keys.staff, id, other.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("licensing_begun");
    expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
  });

  it("answers 404 for an unknown song or request, and validation_failed for a bad songId", async () => {
    const { id } = await fileRequest(keys.client);
    expect((await linkSong(keys.staff, id, 987654)).status).toBe(404);
    expect((await linkSong(keys.staff, 987654, song.id)).status).toBe(404);
    const bad = await linkSong(keys.staff, id, "seven" as unknown as number);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe("songId");
  });
});

describe("notices of intention", () => {
  it("entering in_progress creates one notice per owner share; serving each records who and when; the last licenses", async () => {
    setClock(new Date("2026-05-04T15:00:00Z"));
    try {
      const id = await requestIn(keys, "in_progress", song);
      // Filed at the service's clock too (the database stamps the real time): it is served on the day it was filed.
      await db()
        .update(requests)
        .set({ dateAdded: new Date("2026-05-04T15:00:00Z") })
        .where(eq(requests.id, id));
      const before = await notices(keys.staff, id);
      expect(before.status).toBe(200);
      // Due dates have their own tests (notice-deadlines.test.ts).
      const open = {
        served: false,
        servedAt: null,
        servedBy: null,
        servedOn: null,
        method: null,
        note: null,
        carrier: null,
        trackingNumber: null,
        filingReference: null,
        lateAttestation: null,
        ownerNoticeEmailDesignated: false,
        dueOn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        overdue: false,
        route: "owner",
        ownerNotFound: false,
        ownerIdentified: false,
        filingFee: null,
        acceptedOn: null,
        acceptanceReference: null,
        acceptanceTerms: null,
      };
      expect(before.body).toEqual([
        {
          ownerId: song.owners[0]!.id,
          ownerName: "Harbor Music Publishing",
          ownerEmail: "rights@harbor.example.com",
          ownerPostalAddress: "1 Harbor Way\nNashville, TN 37203",
          share: 60,
          ...open,
        },
        {
          ownerId: song.owners[1]!.id,
          ownerName: "Ben Composer Songs",
          ownerEmail: null,
          ownerPostalAddress: "PO Box 40\nAustin, TX 78701",
          share: 40,
          ...open,
        },
      ]);
      const first = await serve(keys.staff, id, song.owners[0]!.id);
      expect(first.body.status.code).toBe("in_progress");
      // Serving the same notice again changes nothing (idempotent).
      const again = await serve(keys.staff, id, song.owners[0]!.id);
      expect(again.status).toBe(200);
      expect(again.body.status.code).toBe("in_progress");
      const last = await serve(keys.staff, id, song.owners[1]!.id);
      expect(last.body.status).toMatchObject({ code: "licensed", label: "Licensed" });
      const after = await notices(keys.staff, id);
      expect(after.body.every((n: { served: boolean }) => n.served)).toBe(true);
      expect(after.body[0]).toMatchObject({
        servedAt: "2026-05-04T15:00:00.000Z",
        servedOn: "2026-05-04",
        method: "mail",
        carrier: "USPS",
        servedBy: "CoverDesk staff (API)",
      });
      expect((await serve(keys.staff, id, song.owners[1]!.id)).body.status.code).toBe("licensed");
    } finally {
      setClock(undefined);
    }
  });

  it("serving the last two notices at the same time licenses the request exactly once", async () => {
    const id = await requestIn(keys, "in_progress", song);
    const results = await Promise.all(song.owners.map((o) => serve(keys.staff, id, o.id)));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const events = await db().select().from(requestStatusEvents).where(eq(requestStatusEvents.requestId, id));
    expect(events.filter((e) => e.toCode === "licensed")).toHaveLength(1);
    expect(results.some((r) => r.body.status.code === "licensed")).toBe(true);
  });

  it("serving the last notice while another serve is mid-transaction still licenses the request", async () => {
    const id = await requestIn(keys, "in_progress", song);
    const [first, last] = song.owners;
    let result: Awaited<ReturnType<typeof serve>> | undefined;
    let pending: Promise<unknown> | undefined;
    // Another server is serving the first notice: it holds the request's locks and has not committed yet.
    await db().transaction(async (tx) => {
      await lockRequest(tx, {}, id);
      await tx
        .update(ownerNotices)
        .set({ servedAt: new Date(), servedByName: "Other server" })
        .where(and(eq(ownerNotices.requestId, id), eq(ownerNotices.ownerId, first!.id)));
      pending = serve(keys.staff, id, last!.id).then((r) => (result = r));
      await untilWaitingForLock(db());
      expect(result).toBeUndefined(); // it waits instead of counting the first notice as still pending
    });
    await pending;
    expect(result?.body.status.code).toBe("licensed");
  });

  it("keeps the owners' names and shares as they were when licensing began", async () => {
    const id = await requestIn(keys, "in_progress", song);
    const rows = await db().select().from(ownerNotices).where(eq(ownerNotices.requestId, id));
    expect(rows.map((r) => [r.ownerName, r.shareBasisPoints])).toEqual([
      ["Harbor Music Publishing", 6000],
      ["Ben Composer Songs", 4000],
    ]);
  });

  it("refuses serving before licensing is in progress (409) and an owner without a notice (404)", async () => {
    const ready = await requestIn(keys, "ready", song);
    const early = await serve(keys.staff, ready, song.owners[0]!.id);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("invalid_transition");
    const inProgress = await requestIn(keys, "in_progress", song);
    const stranger = await serve(keys.staff, inProgress, 987654);
    expect(stranger.status).toBe(404);
  });

  it("freezes the catalog song once licensing has begun on it", async () => {
    const frozen = await addSong(keys.staff, songBody({ title: "Frozen Lake" }));
    const input = {
      title: "Frozen Lake (edit)",
      writers: ["Ada Writer"],
      owners: [{ name: "Solo", email: null, noticeEmailDesignated: false, postalAddress: null, share: 100 }],
    };
    const id = await requestIn(keys, "ready", frozen);
    expect((await updateSong(db(), employee, frozen.id, input)).owners).toEqual([
      {
        id: expect.any(Number),
        name: "Solo",
        email: null,
        noticeEmailDesignated: false,
        postalAddress: null,
        share: 100,
      },
    ]);
    await payAndBegin(keys, id);
    await expect(updateSong(db(), employee, frozen.id, input)).rejects.toMatchObject({ code: "licensing_begun" });
  });
});

describe("the license document", () => {
  it("is 409 not_licensed before the request is licensed", async () => {
    const id = await requestIn(keys, "in_progress", song);
    const res = await license(keys.client, id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("not_licensed");
  });

  it("is a real PDF naming licensee, album, song, writers, owners, release and royalty once licensed", async () => {
    const id = await requestIn(keys, "licensed", song);
    const url = `http://localhost/api/requests/${id}/license`;
    const res = await licenseRoute.GET(new Request(url, { headers: { Authorization: `Bearer ${keys.client}` } }), {
      params: Promise.resolve({ id: String(id) }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="coverdesk-license-${id}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe(`License for request ${id}: Lanterns Over Galveston`);
    const text = (await pdfText(bytes)).replace(/\s+/g, " ");
    for (const expected of [
      "Confirmation of compulsory license (17 U.S.C. § 115)",
      "Test Licensee LLC",
      "Covers Vol. 1 by The Test Band",
      "Lanterns Over Galveston",
      "Rita Rowe, Sol Marsh",
      "Harbor Music Publishing: 60%",
      "Ben Composer Songs: 40%",
      "Digital Downloads",
      "1,000 units",
      "$0.1310 (USD)",
      "$131.00 (USD)",
      `Request id ${id}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect((await license(keys.staff, id)).status).toBe(200);
  });

  it("is the licensee's own to download, and not found for another account or another licensee", async () => {
    const id = await requestIn(keys, "licensed", song);
    const other = await clientKey(db(), "Not Yours Records");
    const res = await license(other.key, id);
    expect(res.status).toBe(404);
    const [row] = await db()
      .select({ licenseeId: albums.licenseeId })
      .from(requests)
      .innerJoin(tracks, eq(tracks.id, requests.trackId))
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(eq(requests.id, id));
    const licensee: Actor = { kind: "licensee", name: "Lee", accountId, licenseeId: row!.licenseeId, userId: 1 };
    const own = await licenseDocument(db(), licensee, id);
    expect(own.filename).toBe(`coverdesk-license-${id}.pdf`);
    expect(await pdfText(own.bytes)).toContain("Confirmation of compulsory license (17 U.S.C. § 115)");
    const { licenseeId: otherLicensee } = await fileRequest(keys.client);
    const stranger: Actor = { ...licensee, licenseeId: otherLicensee };
    await expect(licenseDocument(db(), stranger, id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("the timeline", () => {
  it("shows client staff every step with notes, and hides private notes from the licensee", async () => {
    const { id, licenseeId } = await fileRequest(keys.client);
    await setStatus(keys.staff, id, { code: "need_info", note: "Which arrangement is it?" });
    await setStatus(keys.staff, id, { code: "new", note: "Arranger confirmed on the wall", notePrivate: true });
    await linkSong(keys.staff, id, song.id);
    await setStatus(keys.staff, id, { code: "ready" });
    await setStatus(keys.staff, id, {
      code: "need_payment",
      note: "Publisher asked for email notice",
      notePrivate: true,
    });
    const invoice = await invoiceAndPay(keys, [id]);
    for (const owner of song.owners) await serve(keys.staff, id, owner.id, { carrier: "USPS" });

    const client: Actor = { kind: "client", name: "Casey", accountId, role: "admin", userId: null, apiKeyId: null };
    const asClient = await requestTimeline(db(), client, id);
    expect(asClient.map((e) => [e.to.code, e.note])).toEqual([
      ["new", null],
      ["need_info", "Which arrangement is it?"],
      ["new", "Arranger confirmed on the wall"],
      ["ready", null],
      ["need_payment", "Publisher asked for email notice"],
      ["in_progress", `Paid (invoice ${invoice.number})`],
      ["licensed", servedNote],
    ]);
    expect(asClient.map((e) => e.actor.kind)).toEqual([
      "client",
      "employee",
      "employee",
      "employee",
      "employee",
      "employee",
      "employee",
    ]);

    const licensee: Actor = { kind: "licensee", name: "Lee", accountId, licenseeId, userId: 1 };
    const asLicensee = await requestTimeline(db(), licensee, id);
    expect(asLicensee.map((e) => [e.to.code, e.note])).toEqual([
      ["new", null],
      ["need_info", "Which arrangement is it?"],
      ["new", null],
      ["ready", null],
      ["need_payment", null],
      ["in_progress", null],
      ["licensed", servedNote],
    ]);
  });
});
