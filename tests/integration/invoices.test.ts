import { isoDay } from "@/lib/clock";
import { beforeAll, describe, expect, it } from "vitest";
import * as feeScheduleRoute from "@/app/api/fee-schedule/route";
import * as invoiceRoute from "@/app/api/invoices/[id]/route";
import * as invoicePdfRoute from "@/app/api/invoices/[id]/pdf/route";
import * as voidRoute from "@/app/api/invoices/[id]/void/route";
import * as invoicesRoute from "@/app/api/invoices/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { findRequestView } from "@/lib/requests/request-view";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { issueAlbumInvoice, issueInvoice, recordPayment } from "../helpers/money";
import { patchRelease, patchTrack } from "../helpers/patch";
import { pdfText } from "../helpers/pdf-text";
import { expectProblem } from "../helpers/problem";
import { addSong, linkSong, requestIn, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let accountId: number;
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  const client = await clientKey(db(), "Invoice Records");
  keys = { client: client.key, staff: await staffKey(db()) };
  accountId = client.accountId;
  song = await addSong(keys.staff);
});

const getRequest = (id: number, key = keys.client) =>
  call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } });
const getInvoice = (id: number, key = keys.client) =>
  call(invoiceRoute.GET, "GET", `/api/invoices/${id}`, { key, params: { id: String(id) } });

/** A request waiting for payment, filed with `body` (default: 1000 downloads of a 3:20 song in 2026: $131.00). */
async function awaitingPayment(body = requestBody()) {
  const { id } = await fileRequest(keys.client, body);
  expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
  expect((await setStatus(keys.staff, id, { code: "ready" })).status).toBe(200);
  expect((await setStatus(keys.staff, id, { code: "need_payment" })).status).toBe(200);
  return id;
}

describe("the quote: amountDue next to royalty", () => {
  it("is royalty + fee in the API view, for client staff and employees; a licensee never sees it", async () => {
    const { id } = await fileRequest(keys.client);
    const res = await getRequest(id);
    expect(res.body.royalty.total).toBe("131.00");
    expect(res.body.amountDue).toEqual({
      royalty: "131.00",
      fee: "16.99",
      officeFee: "0.00",
      total: "147.99",
      currency: "USD",
      paid: false,
      invoiceId: null,
      credited: "0.00",
      creditedOn: null,
      officeFeeNote: null,
      provisional: false,
    });
    expect((await getRequest(id, keys.staff)).body.amountDue.total).toBe("147.99");
    const asLicensee = await findRequestView(db(), { accountId, licenseeId: res.body.licenseeId }, id);
    expect(asLicensee).not.toHaveProperty("amountDue");
  });

  it("follows the royalty while it is not invoiced (quantity changed)", async () => {
    const { id, trackId, releaseId } = await fileRequest(keys.client);
    expect((await patchRelease(keys.client, trackId, releaseId, { releaseQuantity: 2000 })).status).toBe(200);
    expect((await getRequest(id)).body.amountDue).toMatchObject({ royalty: "262.00", fee: "16.99", total: "278.99" });
  });

  it("a medley whole owes nothing and counts as paid", async () => {
    const { id } = await fileRequest(keys.client, requestBody({ track: { medley: true } }));
    expect((await getRequest(id)).body.amountDue).toMatchObject({
      royalty: "0.00",
      fee: "0.00",
      total: "0.00",
      paid: true,
    });
  });
});

describe("invoicing all of an album", () => {
  it("invoices every request of the album that waits for payment, and nothing else; then there is nothing left", async () => {
    const first = await fileRequest(keys.client);
    const onAlbum = (releaseQuantity: number) =>
      requestBody({
        track: {
          album: { id: first.albumId },
          releases: [{ formatId: 1004, releaseQuantity }],
          song: { title: "Let It Be", composer: "Lennon/McCartney" },
        },
      });
    await linkSong(keys.staff, first.id, song.id);
    await setStatus(keys.staff, first.id, { code: "ready" });
    await setStatus(keys.staff, first.id, { code: "need_payment" });
    const second = await awaitingPayment(onAlbum(10));
    const notAskedYet = (await fileRequest(keys.client, onAlbum(5))).id;
    const elsewhere = await awaitingPayment();
    const res = await issueAlbumInvoice(keys.client, first.albumId);
    expect(res.status).toBe(201);
    expect(res.body.lines.map((l: { requestId: number }) => l.requestId)).toEqual([first.id, second]);
    expect(res.body.total).toBe("167.38");
    for (const id of [notAskedYet, elsewhere]) expect((await getRequest(id)).body.amountDue.invoiceId).toBeNull();
    const again = await issueAlbumInvoice(keys.client, first.albumId);
    expectProblem(again, 409, "nothing_to_invoice");
    expect(again.body.detail).toContain("has no request waiting for payment");
  });

  it("staff may invoice a client's album too", async () => {
    const id = await awaitingPayment();
    const res = await issueAlbumInvoice(keys.staff, (await getRequest(id)).body.albumId);
    expect(res.status).toBe(201);
    expect(res.body.lines).toEqual([expect.objectContaining({ requestId: id })]);
  });

  it("takes exactly one of requestIds and albumId (400), and only the caller's albums (404)", async () => {
    const both = await call(invoicesRoute.POST, "POST", "/api/invoices", {
      key: keys.client,
      body: { requestIds: [1], albumId: 1 },
    });
    expectProblem(both, 400, "validation_failed");
    expect(both.body.errors).toEqual([{ path: "", message: "send exactly one of requestIds or albumId" }]);
    expectProblem(
      await call(invoicesRoute.POST, "POST", "/api/invoices", { key: keys.client, body: {} }),
      400,
      "validation_failed",
    );
    const other = await clientKey(db(), "Other Album Records");
    const theirs = await fileRequest(other.key);
    expectProblem(await issueAlbumInvoice(keys.client, theirs.albumId), 404, "not_found");
  });
});

describe("the fee schedule", () => {
  it("staff read and change it; quotes made afterwards use the new one, earlier ones keep theirs", async () => {
    const before = await fileRequest(keys.client);
    const current = await call(feeScheduleRoute.GET, "GET", "/api/fee-schedule", { key: keys.staff });
    expect(current.body).toMatchObject({
      songFee: "16.99",
      reorderPercent: 50,
      tiers: [
        { fromSong: 10, discountPercent: 10 },
        { fromSong: 50, discountPercent: 20 },
      ],
    });
    const changed = await call(feeScheduleRoute.PUT, "PUT", "/api/fee-schedule", {
      key: keys.staff,
      body: { songFee: "20.00", reorderPercent: 50, tiers: [{ fromSong: 2, discountPercent: 25 }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ songFee: "20.00", tiers: [{ fromSong: 2, discountPercent: 25 }] });
    const after = await fileRequest(keys.client);
    expect((await getRequest(after.id)).body.amountDue.fee).toBe("20.00");
    expect((await getRequest(before.id)).body.amountDue.fee).toBe("16.99");
    // Put the default back for the other tests.
    await call(feeScheduleRoute.PUT, "PUT", "/api/fee-schedule", {
      key: keys.staff,
      body: {
        songFee: "16.99",
        reorderPercent: 50,
        tiers: [
          { fromSong: 10, discountPercent: 10 },
          { fromSong: 50, discountPercent: 20 },
        ],
      },
    });
  });

  it.each([
    [{ songFee: "-1", reorderPercent: 50, tiers: [] }, "songFee"],
    [{ songFee: "16.99", reorderPercent: 150, tiers: [] }, "reorderPercent"],
    [{ songFee: "16.99", reorderPercent: 50, tiers: [{ fromSong: 1, discountPercent: 10 }] }, "tiers.0.fromSong"],
    [{ songFee: "16.99", reorderPercent: 50, tiers: [], extra: 1 }, "extra"],
  ])("refuses %j (400 naming %s)", async (body, path) => {
    const res = await call(feeScheduleRoute.PUT, "PUT", "/api/fee-schedule", { key: keys.staff, body });
    expectProblem(res, 400, "validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("is changed by the staff only: client staff read it (to price a filing), a client key's change gets 403", async () => {
    expect((await call(feeScheduleRoute.GET, "GET", "/api/fee-schedule", { key: keys.client })).status).toBe(200);
    const body = { songFee: "1.00", reorderPercent: 50, tiers: [] };
    expectProblem(
      await call(feeScheduleRoute.PUT, "PUT", "/api/fee-schedule", { key: keys.client, body }),
      403,
      "forbidden",
    );
  });
});

describe("issuing an invoice", () => {
  it("answers 201 with number, status, total and a line per request; the invoice freezes the amounts", async () => {
    const a = await awaitingPayment();
    const b = await awaitingPayment(requestBody({ track: { releases: [{ formatId: 1004, releaseQuantity: 10 }] } }));
    const res = await issueInvoice(keys.client, [a, b]);
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/invoices/${res.body.id}`);
    expect(res.body).toMatchObject({
      number: expect.stringMatching(/^\d{4}-\d{5}$/),
      status: "open",
      total: "167.38",
      due: "167.38",
    });
    expect(res.body.lines).toEqual([
      expect.objectContaining({ requestId: a, units: 1000, royalty: "131.00", fee: "16.99", amount: "147.99" }),
      expect.objectContaining({ requestId: b, units: 10, royalty: "2.40", fee: "16.99", amount: "19.39" }),
    ]);
    expect((await getRequest(a)).body.amountDue).toMatchObject({ invoiceId: res.body.id, paid: false });
    // The amount depends on the release: refused with 409 invoiced until the invoice is voided.
    const { trackId, releaseId } = (await getRequest(a)).body;
    expectProblem(await patchRelease(keys.client, trackId, releaseId, { releaseQuantity: 5 }), 409, "invoiced");
    expectProblem(await patchTrack(keys.client, trackId, { lengthInSeconds: 400 }), 409, "invoiced");
    // And the same requests cannot go on a second invoice.
    expectProblem(await issueInvoice(keys.client, [a]), 409, "nothing_to_invoice");
  });

  it("lists and shows it to its account (and staff), with a PDF of its lines", async () => {
    const a = await awaitingPayment();
    const invoice = (await issueInvoice(keys.client, [a])).body;
    const listed = await call(invoicesRoute.GET, "GET", "/api/invoices", { key: keys.client, query: "status=open" });
    expect(listed.status).toBe(200);
    expect(listed.body.map((i: { id: number }) => i.id)).toContain(invoice.id);
    expect(Number(listed.headers.get("x-total-count"))).toBe(listed.body.length);
    expect((await getInvoice(invoice.id, keys.staff)).body.number).toBe(invoice.number);
    const pdf = await call(invoicePdfRoute.GET, "GET", `/api/invoices/${invoice.id}/pdf`, {
      key: keys.client,
      params: { id: String(invoice.id) },
    });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const res = await invoicePdfRoute.GET(
      new Request(`http://localhost/api/invoices/${invoice.id}/pdf`, {
        headers: { Authorization: `Bearer ${keys.client}` },
      }),
      {
        params: Promise.resolve({ id: String(invoice.id) }),
      },
    );
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain("Yesterday (Digital Downloads)");
    expect(text).toContain("royalty $131.00; fee $16.99; amount $147.99");
  });

  it.each([
    ["a new request", "new"],
    ["a ready request (payment not asked for yet)", "ready"],
    ["a cancelled request", "cancelled"],
  ] as const)("refuses %s with 409", async (_name, status) => {
    const id = await requestIn(keys, status, song);
    const res = await issueInvoice(keys.client, [id]);
    expectProblem(res, 409, "not_invoiceable");
  });

  it("refuses bad bodies with 400 naming the field, and unknown ids with 404", async () => {
    expectProblem(await issueInvoice(keys.client, []), 400, "validation_failed");
    expectProblem(await issueInvoice(keys.client, [1, 1]), 400, "validation_failed");
    expectProblem(await issueInvoice(keys.client, [999999]), 404, "not_found");
  });

  it("gives a volume discount line from the 10th song", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(await awaitingPayment(requestBody({ track: { releases: [{ formatId: 1004, releaseQuantity: 1 }] } })));
    const res = await issueInvoice(keys.client, ids);
    const discount = res.body.lines.find((l: { kind: string }) => l.kind === "volume_discount");
    expect(discount).toMatchObject({ requestId: null, fee: "-1.70", amount: "-1.70" }); // 10% of the 10th song's $16.99
    expect(res.body.total).toBe((10 * (0.24 + 16.99) - 1.7).toFixed(2));
  });

  it("numbers invoices YYYY-NNNNN without gaps, also when many are issued at once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(await awaitingPayment(requestBody({ track: { releases: [{ formatId: 1004, releaseQuantity: 1 }] } })));
    // One of them fails (a request already taken by another), and must not use up a number.
    const results = await Promise.all([
      ...ids.map((id) => issueInvoice(keys.client, [id])),
      issueInvoice(keys.client, [ids[0]!]),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(8);
    const all = await call(invoicesRoute.GET, "GET", "/api/invoices", { key: keys.staff, query: "limit=1000" });
    const numbers = all.body
      .map((i: { number: string }) => Number(i.number.slice(5)))
      .sort((x: number, y: number) => x - y);
    expect(numbers).toEqual(numbers.map((_: number, i: number) => i + 1));
  });

  it("voiding an unpaid invoice lets its requests be invoiced again, with their amounts as they are now", async () => {
    const a = await awaitingPayment();
    const invoice = (await issueInvoice(keys.client, [a])).body;
    const voided = await call(voidRoute.POST, "POST", `/api/invoices/${invoice.id}/void`, {
      key: keys.staff,
      params: { id: String(invoice.id) },
    });
    expect(voided.body.status).toBe("void");
    expect((await getRequest(a)).body).toMatchObject({
      status: { code: "need_payment" },
      amountDue: { invoiceId: null },
    });
    const { trackId, releaseId } = (await getRequest(a)).body;
    expect((await patchRelease(keys.client, trackId, releaseId, { releaseQuantity: 100 })).status).toBe(200);
    const again = await issueInvoice(keys.client, [a]);
    expect(again.status).toBe(201);
    expect(again.body.total).toBe("30.09"); // 100 × $0.1310 + $16.99
    expect(again.body.number).not.toBe(invoice.number);
  });

  it("cannot void an invoice money was received for", async () => {
    const a = await awaitingPayment();
    const invoice = (await issueInvoice(keys.client, [a])).body;
    expect(
      (
        await recordPayment(keys.staff, invoice.id, {
          amount: "10.00",
          reference: "TRF-PART",
          receivedOn: isoDay(),
        })
      ).status,
    ).toBe(201);
    expectProblem(
      await call(voidRoute.POST, "POST", `/api/invoices/${invoice.id}/void`, {
        key: keys.staff,
        params: { id: String(invoice.id) },
      }),
      409,
      "invoice_not_open",
    );
  });

  it("a licensee gets 403 on invoices", async () => {
    // Licensees sign in through the portal only; the API's role gate refuses them before anything is read.
    const { requireBilling } = await import("@/lib/money/invoice-view");
    expect(() =>
      requireBilling({ kind: "licensee", name: "Lee", accountId, licenseeId: "x", userId: 1 }, "see invoices"),
    ).toThrow(/Only client staff or service staff/);
  });
});
