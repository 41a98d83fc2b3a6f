import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import * as balanceRoute from "@/app/api/account/balance/route";
import * as voidRoute from "@/app/api/payments/[id]/void/route";
import { auditEvents, ledgerEntries, ledgerPostings } from "@/db/schema";
import { isoDay } from "@/lib/clock";
import { formatDay } from "@/lib/formatting";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, requestBody } from "../helpers/fixtures";
import { issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { expectProblem } from "../helpers/problem";
import { addSong, requestIn } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let staff: string;
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  staff = await staffKey(db());
  song = await addSong(staff);
});

type Payment = { id: number; kind: string; amount: string; voidedAt: string | null; voidReason?: string };
type Invoice = InvoiceBody & { paidAt: string | null; payments: Payment[] };

const voidPayment = (paymentId: number, body: unknown, key = staff) =>
  call(voidRoute.POST, "POST", `/api/payments/${paymentId}/void`, { key, params: { id: String(paymentId) }, body });
const pay = (invoiceId: number, amount: string, reference = `TRF-${amount}`) =>
  recordPayment(staff, invoiceId, { amount, reference, receivedOn: isoDay() });

/** A client account of its own, an invoice for one of its requests waiting for payment; optionally an incomplete licensee. */
async function invoiced(name: string, { incompleteLicensee = false } = {}) {
  const client = await clientKey(db(), name);
  const keys = { client: client.key, staff };
  const body = requestBody();
  if (incompleteLicensee) {
    // Paid, its request stays waiting for payment (no notice can state its telephone): nothing has begun.
    const { phone1: _phone, ...noPhone } = COMPLETE_LICENSEE;
    body.track.album.licensee = noPhone;
  }
  const id = await requestIn(keys, "need_payment", song, body);
  const invoice = (await issueInvoice(keys.client, [id])).body as Invoice;
  const balance = async () =>
    (await call(balanceRoute.GET, "GET", "/api/account/balance", { key: keys.client })).body as {
      balance: string;
      payments: Payment[];
    };
  return { keys, id, invoice, balance, accountId: client.accountId };
}

/** The account's cash, receivable and balance as the ledger holds them, from its entries. */
async function ledgerOf(accountId: number) {
  const rows = await db()
    .select({
      account: ledgerPostings.ledgerAccount,
      amount: sql<number>`sum(${ledgerPostings.amount})`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(eq(ledgerEntries.accountId, accountId))
    .groupBy(ledgerPostings.ledgerAccount);
  return Object.fromEntries(
    rows.filter((r) => ["cash", "receivable", "client_balance"].includes(r.account)).map((r) => [r.account, r.amount]),
  );
}

/** The ISO day `days` after an ISO day. */
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("the day a payment was received", () => {
  it.each([
    ["tomorrow", 1, `can't be in the future (today is`],
    ["the day before the invoice was issued (today)", -1, "can't be before the invoice was issued on"],
  ])("%s is refused at receivedOn, in words", async (_name, offsetDays, message) => {
    const { invoice } = await invoiced(`Dated Records ${offsetDays}`);
    const today = isoDay();
    const receivedOn = dayAfter(today, offsetDays);
    const refused = await recordPayment(staff, invoice.id, { amount: "1.00", reference: "TRF", receivedOn });
    const problem = expectProblem(refused, 400, "validation_failed");
    expect(problem.errors).toEqual([
      { path: "receivedOn", message: `${message} ${formatDay(today, "long")}${offsetDays > 0 ? ")" : ""}` },
    ]);
    // The issue day, today, is taken.
    expect((await pay(invoice.id, "1.00")).status).toBe(201);
  });
});

describe("voiding a payment recorded by mistake", () => {
  it("a partial payment: the invoice owes it again, the payment shows as voided, the ledger is as before", async () => {
    const { invoice, balance, accountId } = await invoiced("Mistaken Records");
    const before = await ledgerOf(accountId);
    const paid = (await pay(invoice.id, "100.00")).body as Invoice;
    const payment = paid.payments[0]!;
    const voided = await voidPayment(payment.id, { reason: "  Recorded on the wrong invoice  " });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: "open", settled: "0.00", due: invoice.total, paidAt: null });
    expect((voided.body as Invoice).payments).toEqual([
      expect.objectContaining({
        id: payment.id,
        voidedAt: expect.any(String),
        voidReason: "Recorded on the wrong invoice",
      }),
    ]);
    expect((await balance()).payments).toEqual([
      expect.objectContaining({
        id: payment.id,
        voidedAt: expect.any(String),
        voidReason: "Recorded on the wrong invoice",
      }),
    ]);
    expect(await ledgerOf(accountId)).toEqual({ ...before, cash: 0 });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "invoice.payment_voided"), eq(auditEvents.entityId, String(invoice.id))));
    expect(audit?.detail).toMatchObject({
      paymentId: payment.id,
      amount: "100.00",
      reason: "Recorded on the wrong invoice",
    });
    // Voided once; a second time is refused, saying so.
    const again = expectProblem(await voidPayment(payment.id, { reason: "Twice" }), 409, "payment_not_voidable");
    expect(again.detail).toContain("voided already");
    // The invoice takes the right payment afterwards.
    expect((await pay(invoice.id, invoice.total)).body).toMatchObject({ status: "paid" });
  });

  it("an overpayment of a paid invoice whose request has not begun: the invoice is open again, the balance as before", async () => {
    const { invoice, balance } = await invoiced("Overpaid Records", { incompleteLicensee: true });
    const paid = (await pay(invoice.id, "200.00")).body as Invoice;
    expect(paid.status).toBe("paid");
    expect((await balance()).balance).toBe((200 - Number(invoice.total)).toFixed(2));
    const voided = await voidPayment(paid.payments[0]!.id, { reason: "Bounced" });
    expect(voided.body).toMatchObject({ status: "open", settled: "0.00", due: invoice.total, paidAt: null });
    expect((await balance()).balance).toBe("0.00");
  });

  it("an overpayment whose excess the balance no longer holds: 409 insufficient_balance", async () => {
    const { invoice, balance, keys } = await invoiced("Spent Records", { incompleteLicensee: true });
    const paid = (await pay(invoice.id, (Number(invoice.total) * 2).toFixed(2))).body as Invoice;
    // The next invoice draws the excess from the balance.
    const next = await requestIn(keys, "need_payment", song);
    expect((await issueInvoice(keys.client, [next])).body).toMatchObject({ status: "paid" });
    expect((await balance()).balance).toBe("0.00");
    expectProblem(await voidPayment(paid.payments[0]!.id, { reason: "Bounced" }), 409, "insufficient_balance");
  });

  it("refuses once a request on the invoice has begun licensing, and a payment drawn from the balance", async () => {
    const { invoice, keys, balance } = await invoiced("Begun Records");
    const paid = (await pay(invoice.id, (Number(invoice.total) * 2).toFixed(2))).body as Invoice;
    const begun = expectProblem(
      await voidPayment(paid.payments[0]!.id, { reason: "Late" }),
      409,
      "payment_not_voidable",
    );
    expect(begun.detail).toMatch(/licensing has begun for request #\d+/);
    const next = await requestIn(keys, "need_payment", song);
    const drawn = (await issueInvoice(keys.client, [next])).body as Invoice;
    expect(drawn.payments).toEqual([expect.objectContaining({ kind: "balance" })]);
    const refused = expectProblem(
      await voidPayment(drawn.payments[0]!.id, { reason: "No" }),
      409,
      "payment_not_voidable",
    );
    expect(refused.detail).toContain("prepaid balance");
    expect((await balance()).payments.every((p) => p.voidedAt === null)).toBe(true);
  });

  it.each([
    ["no reason", {}],
    ["a blank reason", { reason: "   " }],
    ["a reason over 500 characters", { reason: "x".repeat(501) }],
  ])("%s is 400 at reason", async (_name, body) => {
    const { invoice } = await invoiced(`Reasonless Records ${_name}`);
    const paid = (await pay(invoice.id, "5.00")).body as Invoice;
    const problem = expectProblem(await voidPayment(paid.payments[0]!.id, body), 400, "validation_failed");
    expect(problem.errors!.map((e) => e.path)).toEqual(["reason"]);
  });

  it("is the staff's alone: a client is refused, an unknown payment is 404", async () => {
    const { invoice, keys } = await invoiced("Client Voids Records");
    const paid = (await pay(invoice.id, "5.00")).body as Invoice;
    expectProblem(await voidPayment(paid.payments[0]!.id, { reason: "Mine" }, keys.client), 403, "forbidden");
    expectProblem(await voidPayment(987654, { reason: "None" }), 404, "not_found");
  });
});
