import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import * as balanceRoute from "@/app/api/account/balance/route";
import * as invoiceRoute from "@/app/api/invoices/[id]/route";
import * as invoicePdfRoute from "@/app/api/invoices/[id]/pdf/route";
import * as ownerBalancesRoute from "@/app/api/owner-balances/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as ratesRoute from "@/app/api/statutory-rates/route";
import { auditEvents, ledgerEntries, ledgerPostings, requests, statutoryRates } from "@/db/schema";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { invoiceAndPay, issueInvoice } from "../helpers/money";
import { pdfText } from "../helpers/pdf-text";
import { expectProblem } from "../helpers/problem";
import { addSong, linkSong, requestIn, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Rates are seeded through 2026 (13.10¢ per copy, 2.52¢ per minute): a 2027 or 2028 release has none yet.
const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  const client = await clientKey(db(), "Provisional Records");
  keys = { client: client.key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
});

/**
 * 1000 downloads of a 3:20 song (the per-copy rate applies) released in December of `year` (filed in December 2026,
 * as the service's other tests are, the last month a 2026 release may be filed).
 */
const releasedIn = (releaseYear: number, formatId = 1002) =>
  requestBody({ track: { releases: [{ formatId, releaseQuantity: 1000, releaseMonth: 12, releaseYear }] } });

const getRequest = async (id: number) =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } })).body;
const getInvoice = async (id: number) =>
  (await call(invoiceRoute.GET, "GET", `/api/invoices/${id}`, { key: keys.client, params: { id: String(id) } })).body;
const balance = async () =>
  ((await call(balanceRoute.GET, "GET", "/api/account/balance", { key: keys.client })).body as { balance: string })
    .balance;
const enterRates = (key: string, body: unknown) => call(ratesRoute.POST, "POST", "/api/statutory-rates", { key, body });

async function awaitingPayment(year: number) {
  const { id } = await fileRequest(keys.client, releasedIn(year));
  expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
  expect((await setStatus(keys.staff, id, { code: "ready" })).status).toBe(200);
  expect((await setStatus(keys.staff, id, { code: "need_payment" })).status).toBe(200);
  return id;
}

async function ledgerSum() {
  const [row] = await db()
    .select({ sum: sql<number>`coalesce(sum(${ledgerPostings.amount}), 0)`.mapWith(Number) })
    .from(ledgerPostings);
  return row!.sum;
}

async function ownersOf(requestId: number) {
  const rows = await db()
    .select({ ownerId: ledgerPostings.ownerId, amount: sql<number>`sum(${ledgerPostings.amount})`.mapWith(Number) })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(and(eq(ledgerPostings.ledgerAccount, "royalties_payable"), eq(ledgerEntries.requestId, requestId)))
    .groupBy(ledgerPostings.ownerId)
    .orderBy(ledgerPostings.ownerId);
  return rows.map((r) => -r.amount);
}

const REASON_2027 = "No rate published for 2027 yet: priced at the 2026 rate; repriced when the rate is published";

// One file, in order: the rates of 2027 (higher) and then 2028 (lower) are entered as the year goes by.
describe("a year without a published rate", () => {
  let notInvoiced: number;
  let paid: number;
  let paid2028: number;
  let licensed2028: number;
  let firstInvoice: Awaited<ReturnType<typeof invoiceAndPay>>;
  let firstInvoice2028: Awaited<ReturnType<typeof invoiceAndPay>>;

  it("is priced at the latest year's rate and says so: request view, quote and invoice (PDF too)", async () => {
    const filed = await fileRequest(keys.client, releasedIn(2027));
    notInvoiced = filed.id;
    expect(filed.royalty).toMatchObject({ total: "131.00", provisional: true, provisionalReason: REASON_2027 });
    const view = await getRequest(notInvoiced);
    expect(view.royalty).toMatchObject({ perUnit: "0.1310", total: "131.00", provisional: true });
    expect(view.royalty.provisionalReason).toBe(REASON_2027);
    expect(view.amountDue).toMatchObject({ royalty: "131.00", total: "147.99", provisional: true });

    // 2026 has its rate; a fixed-rate format never waits for one.
    const known = await getRequest((await fileRequest(keys.client, releasedIn(2026))).id);
    expect(known.royalty.provisional).toBe(false);
    expect(known.royalty).not.toHaveProperty("provisionalReason");
    expect(known.amountDue.provisional).toBe(false);
    const ringtone = await getRequest((await fileRequest(keys.client, releasedIn(2027, 1004))).id);
    expect(ringtone.royalty).toMatchObject({ total: "240.00", provisional: false });

    paid = await awaitingPayment(2027);
    firstInvoice = await invoiceAndPay(keys, [paid]);
    const invoice = await getInvoice(firstInvoice.id);
    expect(invoice.lines[0]).toMatchObject({ requestId: paid, royalty: "131.00", provisional: true });
    expect(invoice.lines[0].provisionalReason).toBe(REASON_2027);
    const pdf = await invoicePdfRoute.GET(
      new Request(`http://localhost/api/invoices/${firstInvoice.id}/pdf`, {
        headers: { Authorization: `Bearer ${keys.client}` },
      }),
      { params: Promise.resolve({ id: String(firstInvoice.id) }) },
    );
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("royalty $131.00");
    expect(text).toContain(`(provisional royalty: ${REASON_2027})`);

    paid2028 = await awaitingPayment(2028);
    firstInvoice2028 = await invoiceAndPay(keys, [paid2028]);
    licensed2028 = await requestIn(keys, "licensed", song, releasedIn(2028));
    expect(await ownersOf(licensed2028)).toEqual([786_000, 524_000]); // $131.00 at 60/40
  });

  it("only staff enter a year's rates, the next year only, never one already entered", async () => {
    expectProblem(await enterRates(keys.client, { year: 2027, perCopy: "13.50", perMinute: "2.60" }), 403, "forbidden");
    const later = await enterRates(keys.staff, { year: 2028, perCopy: "13.50", perMinute: "2.60" });
    expectProblem(later, 400, "validation_failed");
    expect(later.body.errors).toEqual([
      { path: "year", message: "must be 2027: years are entered in order, after 2026" },
    ]);
    const again = await enterRates(keys.staff, { year: 2026, perCopy: "13.50", perMinute: "2.60" });
    expectProblem(again, 400, "validation_failed");
    expect(again.body.errors[0].message).toContain("2026 already has its rates (13.10¢ per copy, 2.52¢ per minute)");
    const bad = await enterRates(keys.staff, { year: 2027, perCopy: "13.105", perMinute: "0" });
    expectProblem(bad, 400, "validation_failed");
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(["perCopy", "perMinute"]);
    expect((await getRequest(notInvoiced)).royalty.provisional).toBe(true);
  });

  it("a higher rate entered: the quote follows, an invoiced request owes the difference, held by a new invoice", async () => {
    const entered = await enterRates(keys.staff, { year: 2027, perCopy: "13.50", perMinute: "2.60" });
    expect(entered.status).toBe(201);
    expect(entered.body).toMatchObject({ year: 2027, perCopyCents: "13.50", perMinuteCents: "2.60", credited: 0 });
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.action, "statutory_rates.entered"));
    expect(audit).toMatchObject({ entityId: "2027", actorKind: "employee" });

    const quoted = await getRequest(notInvoiced);
    expect(quoted.royalty).toMatchObject({ perUnit: "0.1350", total: "135.00", provisional: false });
    expect(quoted.royalty).not.toHaveProperty("provisionalReason");
    expect(quoted.amountDue).toMatchObject({ royalty: "135.00", provisional: false });

    // The issued invoice keeps its $131.00; the request owes $4.00 more, and the next invoice holds only that.
    expect(await getInvoice(firstInvoice.id)).toMatchObject({ total: firstInvoice.total, status: "paid" });
    const [row] = await db().select().from(requests).where(eq(requests.id, paid));
    expect(row).toMatchObject({ owing: true, royaltyProvisional: false, royaltyTotal: 1_350_000 });
    const topUp = await issueInvoice(keys.client, [paid]);
    expect(topUp.status).toBe(201);
    expect(topUp.body.lines).toEqual([
      expect.objectContaining({ requestId: paid, royalty: "4.00", fee: "0.00", amount: "4.00", provisional: false }),
    ]);

    // 2028 now waits at the 2027 rate, still provisional.
    const later = await getRequest(paid2028);
    expect(later.royalty).toMatchObject({ total: "135.00", provisional: true });
    expect(later.royalty.provisionalReason).toBe(
      "No rate published for 2028 yet: priced at the 2027 rate; repriced when the rate is published",
    );
    const rates = await call(ratesRoute.GET, "GET", "/api/statutory-rates", { key: keys.client });
    expect(rates.body.nextYear).toBe(2028);
    expect(rates.body.items[0]).toMatchObject({ year: 2027, enteredBy: expect.any(String) });
    expect(rates.body.items[1]).toMatchObject({ year: 2026, enteredBy: null });
  });

  it("a lower rate entered: the difference goes to the client's balance, the issued invoice unchanged", async () => {
    const before = Number(await balance());
    const invoiceBefore = await getInvoice(firstInvoice2028.id);
    const entered = await enterRates(keys.staff, { year: 2028, perCopy: "12.00", perMinute: "2.30" });
    expect(entered.status).toBe(201);
    expect(entered.body.credited).toBe(2);

    // Paid $131.00, owes $120.00: $11.00 back to the balance, for each of the two paid 2028 requests.
    expect(Number(await balance())).toBeCloseTo(before + 22, 2);
    // The same invoice, line for line (only the flag says the request's royalty is no longer provisional).
    const unflagged = (invoice: { lines: Record<string, unknown>[] }) => ({
      ...invoice,
      lines: invoice.lines.map(({ provisional: _p, provisionalReason: _r, ...line }) => line),
    });
    expect(unflagged(await getInvoice(firstInvoice2028.id))).toEqual(unflagged(invoiceBefore));
    for (const id of [paid2028, licensed2028]) {
      const view = await getRequest(id);
      expect(view.royalty).toMatchObject({ total: "120.00", provisional: false });
      expect(view.amountDue).toMatchObject({ paid: true });
      const [row] = await db().select().from(requests).where(eq(requests.id, id));
      expect(row).toMatchObject({ owing: false, creditedRoyalty: 110_000 });
    }
    // Nothing to invoice for them; the owners of the licensed one give back their shares of the $11.00.
    expectProblem(await issueInvoice(keys.client, [paid2028]), 409, "nothing_to_invoice");
    expect(await ownersOf(licensed2028)).toEqual([720_000, 480_000]);
    const balances = await call(ownerBalancesRoute.GET, "GET", "/api/owner-balances", { key: keys.staff });
    const ofSong = song.owners.map((o) => balances.body.find((b: { ownerId: number }) => b.ownerId === o.id));
    // Earned net of what was taken back, none of it paid out.
    expect(ofSong.map((b: { earned: string; paidOut: string; owed: string }) => [b.earned, b.paidOut, b.owed])).toEqual(
      [
        ["72.00", "0.00", "72.00"],
        ["48.00", "0.00", "48.00"],
      ],
    );
    expect(await ledgerSum()).toBe(0);

    // It cannot be licensed after all (its payment began licensing, so the client can no longer cancel it): it gives
    // back what it still holds, $120.00 + $16.99; the $11.00 is not given twice.
    const beforeCancel = Number(await balance());
    expect(
      (await setStatus(keys.staff, paid2028, { code: "cannot_license", reason: "other", note: "Withdrawn" })).status,
    ).toBe(200);
    expect(Number(await balance())).toBeCloseTo(beforeCancel + 136.99, 2);
    expect(await ledgerSum()).toBe(0);
  });

  it("a process whose cached rates are older re-reads them before writing a provisional royalty", async () => {
    await loadRateTable(db()); // cached, through 2028
    // Another server enters 2029: this process's cache does not hear of it.
    await db().insert(statutoryRates).values({ year: 2029, perCopy: 1400, perMinute: 270, enteredByName: "Elsewhere" });
    const filed = await fileRequest(keys.client, releasedIn(2029));
    expect(filed.royalty).toMatchObject({ perUnit: "0.1400", total: "140.00", provisional: false });
    const later = await fileRequest(keys.client, releasedIn(2030));
    expect(later.royalty).toMatchObject({ total: "140.00", provisional: true });
    expect((later.royalty as { provisionalReason?: string }).provisionalReason).toContain("priced at the 2029 rate");
  });

  it("a lower rate entered while the invoice is unpaid: it owes that much less, and no balance is given for money not paid", async () => {
    // Another client, with no prepaid balance to pay the invoice at once.
    const other = (await clientKey(db(), "Unpaid Provisional Records")).key;
    const { id } = await fileRequest(other, releasedIn(2030));
    expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
    expect((await setStatus(keys.staff, id, { code: "ready" })).status).toBe(200);
    expect((await setStatus(keys.staff, id, { code: "need_payment" })).status).toBe(200);
    const issued = await issueInvoice(other, [id]);
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ total: "156.99", due: "156.99" });
    expect((await enterRates(keys.staff, { year: 2030, perCopy: "13.00", perMinute: "2.60" })).status).toBe(201);
    // Quoted at 2029's $140.00, priced at $130.00: the invoice keeps its total and owes $10.00 less.
    const invoice = await call(invoiceRoute.GET, "GET", `/api/invoices/${issued.body.id}`, {
      key: other,
      params: { id: String(issued.body.id) },
    });
    expect(invoice.body).toMatchObject({ total: "156.99", due: "146.99", status: "open" });
    const otherBalance = await call(balanceRoute.GET, "GET", "/api/account/balance", { key: other });
    expect(otherBalance.body.balance).toBe("0.00");
    const view = await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: other, params: { id: String(id) } });
    expect(view.body.royalty).toMatchObject({ total: "130.00", provisional: false });
    expect(await ledgerSum()).toBe(0);
  });
});
