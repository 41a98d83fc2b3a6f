import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as albumsRoute from "@/app/api/albums/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { ledgerEntries, ledgerPostings } from "@/db/schema";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { invoiceAndPay, issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { patchTrack } from "../helpers/patch";
import { addSong, cancel, linkSong, payAndBegin, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// A request of a statutory format may begin licensing without its track's length, but it is licensed only once the
// length is known and any top-up the length adds is paid (docs/money.md, "A license waits for the length").
const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  const client = await clientKey(db(), "Length Records");
  keys = { client: client.key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, songBody({ title: "Lengthless Lullaby" }));
});

type View = {
  status: { code: string; note: string | null };
  licensingBlockedBy: string[];
  amountDue: { total: string; paid: boolean };
};
const view = async (key: string, id: number) => {
  const res = await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } });
  expect(res.status).toBe(200);
  return res.body as View;
};
async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** 1000 downloads filed without a length (quoted at the per-copy minimum, $131.00), paid and in progress. */
async function inProgressWithoutLength(track: Record<string, unknown> = {}) {
  const filed = await fileRequest(keys.client, requestBody({ track: { lengthInSeconds: undefined, ...track } }));
  await ok(linkSong(keys.staff, filed.id, song.id));
  await ok(setStatus(keys.staff, filed.id, { code: "ready" }));
  await ok(payAndBegin(keys, filed.id));
  return filed;
}
const serveAll = async (id: number, owners = song.owners) => {
  for (const owner of owners) await ok(serve(keys.staff, id, owner.id));
};

/** What the request's owners are owed, and in how many ledger entries it was split to them. */
async function ownersOwed(requestId: number) {
  const [row] = await db()
    .select({
      total: sql<number>`coalesce(-sum(${ledgerPostings.amount}), 0)`.mapWith(Number),
      entries: sql<number>`count(distinct ${ledgerEntries.id})`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(and(eq(ledgerPostings.ledgerAccount, "royalties_payable"), eq(ledgerEntries.requestId, requestId)));
  return row!;
}

describe("a license waits for the track's length", () => {
  it("the last notice served without a length leaves the request in progress, flagged length_missing", async () => {
    const { id } = await inProgressWithoutLength();
    expect((await view(keys.client, id)).licensingBlockedBy).toEqual(["length_missing"]);
    await serveAll(id);
    for (const key of [keys.client, keys.staff]) {
      expect(await view(key, id)).toMatchObject({
        status: { code: "in_progress" },
        licensingBlockedBy: ["length_missing"],
      });
    }
    // Nothing reached the owners: the royalty is not final until the length is known.
    expect((await ownersOwed(id)).total).toBe(0);
  });

  it("a length that does not raise the royalty licenses the request at once", async () => {
    const { id, trackId } = await inProgressWithoutLength();
    await serveAll(id);
    // 3:20 at the per-minute rate is below the per-copy minimum: the royalty stays $131.00.
    await ok(patchTrack(keys.client, trackId, { lengthInSeconds: 200 }));
    expect(await view(keys.client, id)).toMatchObject({
      status: { code: "licensed", note: "The track's length was supplied; every copyright owner had been served." },
      licensingBlockedBy: [],
    });
    expect(await ownersOwed(id)).toEqual({ total: 1310000, entries: 1 });
  });

  it("a length that raises the royalty waits for the top-up; paying it licenses, splitting the full royalty once", async () => {
    const { id, trackId } = await inProgressWithoutLength();
    await serveAll(id);
    // 6:40 is 7 minutes at the per-minute rate: $176.40, $45.40 more than was paid.
    await ok(patchTrack(keys.client, trackId, { lengthInSeconds: 400 }));
    expect(await view(keys.client, id)).toMatchObject({
      status: { code: "in_progress" },
      licensingBlockedBy: ["top_up_unpaid"],
      amountDue: { paid: false },
    });
    const issued = await issueInvoice(keys.client, [id]);
    expect(issued.status).toBe(201);
    const topUp = issued.body as InvoiceBody;
    expect(topUp.lines).toEqual([expect.objectContaining({ requestId: id, royalty: "45.40", fee: "0.00" })]);
    expect((await view(keys.staff, id)).licensingBlockedBy).toEqual(["top_up_unpaid"]);
    // Part of it paid leaves the invoice open: still waiting.
    await recordPayment(keys.staff, topUp.id, { amount: "20.00", reference: "TRF-1", receivedOn: "2026-11-20" });
    expect((await view(keys.client, id)).status.code).toBe("in_progress");
    const paid = await recordPayment(keys.staff, topUp.id, {
      amount: "25.40",
      reference: "TRF-2",
      receivedOn: "2026-11-21",
    });
    expect(paid.status).toBe(201);
    expect(await view(keys.client, id)).toMatchObject({
      status: {
        code: "licensed",
        note: `The top-up was paid (invoice ${topUp.number}); every copyright owner had been served.`,
      },
      licensingBlockedBy: [],
      amountDue: { total: "193.39", paid: true },
    });
    expect(await ownersOwed(id)).toEqual({ total: 1764000, entries: 1 });
  });

  it("a length supplied before the last notice is served: the notice licenses once the top-up is paid", async () => {
    const { id, trackId } = await inProgressWithoutLength();
    await ok(patchTrack(keys.client, trackId, { lengthInSeconds: 400 }));
    expect((await view(keys.client, id)).licensingBlockedBy).toEqual(["top_up_unpaid"]);
    await invoiceAndPay(keys, [id]);
    expect(await view(keys.client, id)).toMatchObject({ status: { code: "in_progress" }, licensingBlockedBy: [] });
    await serveAll(id);
    expect((await view(keys.client, id)).status.code).toBe("licensed");
    expect(await ownersOwed(id)).toEqual({ total: 1764000, entries: 1 });
  });

  it("a top-up the prepaid balance pays when it is invoiced licenses at once", async () => {
    const { id, trackId } = await inProgressWithoutLength();
    await serveAll(id);
    await ok(patchTrack(keys.client, trackId, { lengthInSeconds: 400 }));
    // $100.00 more than another invoice asked for goes to the account's balance.
    const other = await fileRequest(keys.client);
    await ok(linkSong(keys.staff, other.id, song.id));
    await ok(setStatus(keys.staff, other.id, { code: "ready" }));
    await ok(setStatus(keys.staff, other.id, { code: "need_payment" }));
    const first = (await issueInvoice(keys.client, [other.id])).body as InvoiceBody;
    const due = (Number(first.due) + 100).toFixed(2);
    expect(
      (await recordPayment(keys.staff, first.id, { amount: due, reference: "TRF-3", receivedOn: "2026-11-20" })).status,
    ).toBe(201);
    const topUp = await issueInvoice(keys.client, [id]);
    expect(topUp.body).toMatchObject({ status: "paid", due: "0.00" });
    expect((await view(keys.client, id)).status.code).toBe("licensed");
    expect(await ownersOwed(id)).toEqual({ total: 1764000, entries: 1 });
  });

  it("a credit that finishes paying the top-up's invoice licenses the request too", async () => {
    const { id, trackId } = await inProgressWithoutLength();
    await serveAll(id);
    await ok(patchTrack(keys.client, trackId, { lengthInSeconds: 400 }));
    const other = await fileRequest(keys.client);
    await ok(linkSong(keys.staff, other.id, song.id));
    await ok(setStatus(keys.staff, other.id, { code: "ready" }));
    await ok(setStatus(keys.staff, other.id, { code: "need_payment" }));
    const both = (await issueInvoice(keys.client, [id, other.id])).body as InvoiceBody;
    // The top-up's $45.40 is paid; the other request's line is still due, so the invoice stays open.
    await recordPayment(keys.staff, both.id, { amount: "45.40", reference: "TRF-4", receivedOn: "2026-11-20" });
    expect((await view(keys.client, id)).status.code).toBe("in_progress");
    // Cancelling the other request credits its line: nothing is left to pay on the invoice.
    expect((await cancel(keys.client, other.id)).status).toBe(200);
    expect(await view(keys.client, id)).toMatchObject({ status: { code: "licensed" }, licensingBlockedBy: [] });
    expect(await ownersOwed(id)).toEqual({ total: 1764000, entries: 1 });
  });

  it("a fixed-rate format (ringtones) needs no length", async () => {
    const { id } = await inProgressWithoutLength({ releases: [{ formatId: 1004, releaseQuantity: 1000 }] });
    expect((await view(keys.client, id)).licensingBlockedBy).toEqual([]);
    await serveAll(id);
    expect(await view(keys.client, id)).toMatchObject({ status: { code: "licensed" }, licensingBlockedBy: [] });
  });
});

describe("a medley's parts each need their own length", () => {
  it("a part without a length stays in progress (and its whole with it) until its length is supplied", async () => {
    const part = (title: string, lengthInSeconds?: number) => ({
      ...(lengthInSeconds === undefined ? {} : { lengthInSeconds }),
      song: { title, originalRecordingArtist: "Dolly Parton" },
    });
    const filed = await call(albumsRoute.POST, "POST", "/api/albums", {
      key: keys.client,
      body: {
        album: {
          title: "Half-Measured Medleys",
          artist: "The Followers",
          licensee: { ...COMPLETE_LICENSEE, companyName: "Followers LLC", email: "f@followers.example.com" },
        },
        release: { formatId: 1002, releaseQuantity: 1000 },
        tracks: [
          {
            medley: {
              lengthInSeconds: 420,
              ...part("Jolene / Landslide"),
              parts: [part("Jolene", 200), part("Landslide")],
            },
          },
        ],
      },
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const [whole, a, b] = filed.body.requests as { id: number; trackId: number }[];
    const songs = [
      await addSong(keys.staff, songBody({ title: "Jolene" })),
      await addSong(keys.staff, songBody({ title: "Landslide" })),
    ];
    for (const [i, p] of [a!, b!].entries()) {
      await ok(linkSong(keys.staff, p.id, songs[i]!.id));
      await ok(setStatus(keys.staff, p.id, { code: "ready" }));
      await ok(setStatus(keys.staff, p.id, { code: "need_payment" }));
    }
    await invoiceAndPay(keys, [a!.id, b!.id]); // paid: both parts begin licensing
    for (const [i, p] of [a!, b!].entries()) await serveAll(p.id, songs[i]!.owners);
    expect((await view(keys.client, a!.id)).status.code).toBe("licensed");
    expect(await view(keys.client, b!.id)).toMatchObject({
      status: { code: "in_progress" },
      licensingBlockedBy: ["length_missing"],
    });
    // The whole owes nothing and needs no length of its own: it follows its parts.
    expect(await view(keys.client, whole!.id)).toMatchObject({
      status: { code: "in_progress" },
      licensingBlockedBy: [],
    });

    await ok(patchTrack(keys.client, b!.trackId, { lengthInSeconds: 220 }));
    expect((await view(keys.client, b!.id)).status.code).toBe("licensed");
    expect((await view(keys.client, whole!.id)).status.code).toBe("licensed");
  });
});
