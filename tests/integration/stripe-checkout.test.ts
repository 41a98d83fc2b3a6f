import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import * as checkoutRoute from "@/app/api/invoices/[id]/checkout/route";
import * as refundRoute from "@/app/api/invoices/[id]/refund/route";
import * as invoicePdfRoute from "@/app/api/invoices/[id]/pdf/route";
import * as invoiceRoute from "@/app/api/invoices/[id]/route";
import * as stripeRoute from "@/app/api/payments/stripe/route";
import { auditEvents, requests, stripeEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { createApiKey } from "@/lib/auth/api-keys";
import { getBilling } from "@/lib/billing/get-billing";
import { payByCard } from "@/lib/money/billing-actions";
import { call, clientKey, staffKey } from "../helpers/api";
import { issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { pdfText } from "../helpers/pdf-text";
import { expectProblem } from "../helpers/problem";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { startStripeStandIn } from "../helpers/stripe-stand-in";
import { setupTestDb } from "../helpers/test-db";

// Card payments through Stripe Checkout (docs/payments.md), with the real SDK against a local stand-in of Stripe.
const db = setupTestDb();
const SECRET = "whsec_stand_in_secret";
const KEY = "sk_test_stand_in";
let keys: { client: string; staff: string; member: string };
let member: Extract<Actor, { kind: "client" }>;
let song: Awaited<ReturnType<typeof addSong>>;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;

const webhook = (payload: string, signature?: string) =>
  call(stripeRoute.POST, "POST", "/api/payments/stripe", {
    rawBody: payload,
    headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
  });
const send = (delivery: { payload: string; signature: string }) => webhook(delivery.payload, delivery.signature);
const checkout = (invoiceId: number, key = keys.client) =>
  call(checkoutRoute.POST, "POST", `/api/invoices/${invoiceId}/checkout`, { key, params: { id: String(invoiceId) } });
const invoiceOf = async (id: number) =>
  (await call(invoiceRoute.GET, "GET", `/api/invoices/${id}`, { key: keys.client, params: { id: String(id) } }))
    .body as InvoiceBody & { payments: { kind: string; amount: string; reference: string; recordedBy: string }[] };
const statusOf = async (id: number) =>
  (await db().select({ code: requests.statusCode }).from(requests).where(eq(requests.id, id)))[0]!.code;

/** A request waiting for payment on an open invoice of $147.99 (the default fixture and schedule). */
async function invoiced() {
  const requestId = await requestIn(keys, "need_payment", song);
  const issued = await issueInvoice(keys.client, [requestId]);
  expect(issued.status).toBe(201);
  return { requestId, invoice: issued.body as InvoiceBody };
}

/** An invoice with a Checkout Session started by the client. */
async function checkedOut() {
  const { requestId, invoice } = await invoiced();
  const res = await checkout(invoice.id);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { requestId, invoice, sessionId: (res.body as { sessionId: string }).sessionId };
}

beforeAll(async () => {
  const label = await clientKey(db(), "Card Paying Records");
  const memberKey = await createApiKey(db(), { accountId: label.accountId, name: "member", role: "member" });
  keys = { client: label.key, staff: await staffKey(db()), member: memberKey.key };
  member = { kind: "client", name: "Mo", accountId: label.accountId, role: "member", userId: null, apiKeyId: null };
  song = await addSong(keys.staff, songBody());
  standIn = await startStripeStandIn({
    secret: SECRET,
    deliver: async (delivery) => {
      const res = await send(delivery);
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    },
  });
});
beforeEach(() => {
  vi.unstubAllEnvs();
  vi.stubEnv("STRIPE_SECRET_KEY", KEY);
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", SECRET);
  vi.stubEnv("STRIPE_API_BASE", standIn.base);
  vi.stubEnv("PUBLIC_BASE_URL", "https://portal.example");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await standIn.close();
});

describe("starting a card payment", () => {
  it.each([
    ["an unpaid invoice: its total", null, "14799"],
    ["a partly paid invoice: what is still due", "100.00", "4799"],
  ])("creates a Checkout Session for %s", async (_name, paidBefore, cents) => {
    const { invoice } = await invoiced();
    if (paidBefore)
      await recordPayment(keys.staff, invoice.id, { amount: paidBefore, reference: "TRF-1", receivedOn: "2026-11-20" });
    const res = await checkout(invoice.id, keys.member);
    expect(res.status).toBe(201);
    const { url, sessionId } = res.body as { url: string; sessionId: string };
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`${standIn.base}/pay/${sessionId}`);
    expect(res.headers.get("location")).toBe(url);
    const session = standIn.sessions.get(sessionId)!;
    expect(session.authorization).toBe(`Bearer ${KEY}`);
    expect(session.sent).toMatchObject({
      mode: "payment",
      client_reference_id: String(invoice.id),
      "metadata[invoiceId]": String(invoice.id),
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": cents,
      success_url: `https://portal.example/billing?invoice=${invoice.id}&card=paid`,
      cancel_url: `https://portal.example/billing?invoice=${invoice.id}&card=cancelled`,
    });
    // Starting a payment records none.
    expect((await invoiceOf(invoice.id)).payments).toHaveLength(paidBefore ? 1 : 0);
  });

  it("refuses an invoice that is paid, another account's, and staff callers", async () => {
    const { invoice, sessionId } = await checkedOut();
    await standIn.pay(sessionId);
    expectProblem(await checkout(invoice.id), 409, "invoice_not_open");
    const other = await clientKey(db(), "Someone Else Records");
    expectProblem(await checkout(invoice.id, other.key), 404, "not_found");
    expectProblem(await checkout(invoice.id, keys.staff), 403, "forbidden");
  });
});

describe("the webhook", () => {
  it("records a paid Session as one card payment; the paid invoice's request begins licensing", async () => {
    const { requestId, invoice, sessionId } = await checkedOut();
    await standIn.pay(sessionId);
    const after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ status: "paid", due: "0.00", settled: "147.99" });
    expect(after.payments).toEqual([
      expect.objectContaining({ kind: "card", amount: "147.99", reference: sessionId, recordedBy: "payment" }),
    ]);
    expect(await statusOf(requestId)).toBe("in_progress");
  });

  it("answers a replayed event 200 and records nothing more, nor a second paid event of the same Session", async () => {
    const { invoice, sessionId } = await checkedOut();
    const paid = { id: sessionId, payment_status: "paid" as const };
    const first = standIn.signedEvent("checkout.session.completed", paid, "evt_replayed_1");
    expect((await send(first)).body).toEqual({ received: true, outcome: "recorded" });
    const again = standIn.signedEvent("checkout.session.completed", paid, "evt_replayed_1");
    const replayed = await send(again);
    expect({ status: replayed.status, body: replayed.body }).toEqual({
      status: 200,
      body: { received: true, outcome: "replayed" },
    });
    const later = standIn.signedEvent("checkout.session.async_payment_succeeded", paid);
    expect((await send(later)).body).toEqual({ received: true, outcome: "already_recorded" });
    expect((await invoiceOf(invoice.id)).payments).toHaveLength(1);
  });

  type Tamper = (payload: string, signature: string) => [string, string | undefined];
  it.each<[string, Tamper]>([
    ["signed with another secret", (p, s) => [p, s.replace(/v1=\w+/, `v1=${"0".repeat(64)}`)]],
    ["a body changed after signing", (p, s) => [p.replace('"paid"', '"unpaid"'), s]],
    ["no signature", (p) => [p, undefined]],
  ])("refuses %s with 400 and records nothing", async (_name, tamper) => {
    const { invoice, sessionId } = await checkedOut();
    const { payload, signature } = standIn.signedEvent("checkout.session.completed", {
      id: sessionId,
      payment_status: "paid",
    });
    const [body, header] = tamper(payload, signature);
    expectProblem(await webhook(body, header), 400, "invalid_signature");
    expect((await invoiceOf(invoice.id)).payments).toEqual([]);
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.sessionId, sessionId))).toEqual([]);
  });

  it("leaves the invoice partly paid when less than is due arrives", async () => {
    const { requestId, invoice, sessionId } = await checkedOut();
    await standIn.pay(sessionId, 10000);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: "open", settled: "100.00", due: "47.99" });
    expect(await statusOf(requestId)).toBe("need_payment");
  });

  it("waits for an asynchronous method's success, then records it", async () => {
    const { requestId, invoice, sessionId } = await checkedOut();
    const pending = standIn.signedEvent("checkout.session.completed", { id: sessionId, payment_status: "unpaid" });
    expect((await send(pending)).body).toEqual({ received: true, outcome: "not_paid" });
    expect((await invoiceOf(invoice.id)).payments).toEqual([]);
    const succeeded = standIn.signedEvent("checkout.session.async_payment_succeeded", {
      id: sessionId,
      payment_status: "paid",
    });
    expect((await send(succeeded)).body).toEqual({ received: true, outcome: "recorded" });
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: "paid" });
    expect(await statusOf(requestId)).toBe("in_progress");
  });

  it("acknowledges other events and records nothing", async () => {
    const { invoice, sessionId } = await checkedOut();
    for (const type of ["checkout.session.expired", "payment_intent.succeeded"]) {
      const res = await send(standIn.signedEvent(type, { id: sessionId, payment_status: "paid" }));
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { received: true, outcome: "ignored" },
      });
    }
    expect((await invoiceOf(invoice.id)).payments).toEqual([]);
  });

  it("keeps a card payment for an invoice paid by transfer meanwhile on the balance, audited", async () => {
    const { invoice, sessionId } = await checkedOut();
    const before = (await getBilling(db(), member)).balance;
    await recordPayment(keys.staff, invoice.id, { amount: "147.99", reference: "TRF-2", receivedOn: "2026-11-20" });
    const res = await send(
      standIn.signedEvent("checkout.session.completed", { id: sessionId, payment_status: "paid" }),
    );
    expect(res.body).toEqual({ received: true, outcome: "to_balance" });
    expect((Number((await getBilling(db(), member)).balance) - Number(before)).toFixed(2)).toBe("147.99");
    expect((await invoiceOf(invoice.id)).payments.map((p) => [p.kind, p.amount])).toEqual([
      ["bank_transfer", "147.99"],
      ["card", "147.99"],
    ]);
    const audited = await db()
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "invoice.payment_to_balance"), eq(auditEvents.entityId, String(invoice.id))));
    expect(audited).toEqual([{ detail: expect.objectContaining({ amount: "147.99", reference: sessionId }) }]);
    // Paid back, so that later invoices of the account are not paid from the balance at issue.
    const refunded = await call(refundRoute.POST, "POST", `/api/invoices/${invoice.id}/refund`, {
      key: keys.staff,
      params: { id: String(invoice.id) },
      body: { amount: "147.99", reference: "Refund" },
    });
    expect(refunded.status).toBe(200);
  });
});

describe("without both Stripe keys", () => {
  it.each([
    ["no secret key", "STRIPE_SECRET_KEY"],
    ["no webhook secret", "STRIPE_WEBHOOK_SECRET"],
  ])("%s: no card action on Billing, the checkout and the webhook are 404", async (_name, unset) => {
    const { invoice } = await invoiced();
    const signed = standIn.signedEvent("checkout.session.completed", { id: "cs_test_unknown", payment_status: "paid" });
    vi.stubEnv(unset, "");
    const billing = await getBilling(db(), member);
    expect(billing.cardPayments).toBe(false);
    const open = billing.invoices.find((i) => i.id === invoice.id)!;
    expect(payByCard(member, open, billing.cardPayments)).toEqual({
      allowed: false,
      reason: "Card payments are not set up; pay by bank transfer or check.",
    });
    expectProblem(await checkout(invoice.id), 404, "not_found");
    expectProblem(await send(signed), 404, "not_found");
  });

  it("with both: Pay by card is offered on an open invoice to members, not on a paid one", async () => {
    const { invoice, sessionId } = await checkedOut();
    const billing = await getBilling(db(), member);
    expect(billing.cardPayments).toBe(true);
    const find = async () => (await getBilling(db(), member)).invoices.find((i) => i.id === invoice.id)!;
    expect(payByCard(member, await find(), true)).toEqual({ allowed: true });
    await standIn.pay(sessionId);
    expect(payByCard(member, await find(), true)).toMatchObject({ allowed: false });
  });
});

describe("bank transfer and check instructions", () => {
  const pdf = async (invoiceId: number) => {
    const res = await invoicePdfRoute.GET(
      new Request(`http://localhost/api/invoices/${invoiceId}/pdf`, {
        headers: { Authorization: `Bearer ${keys.client}` },
      }),
      { params: Promise.resolve({ id: String(invoiceId) }) },
    );
    return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
  };
  const longDay = (day: string) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

  it("are on the invoice PDF and Billing: payee, address, bank details, the number as reference, the due date", async () => {
    vi.stubEnv("PAYMENT_PAYEE", "Cover Payee LLC");
    vi.stubEnv("PAYMENT_BANK_DETAILS", "First Bank\nRouting 021000021\nAccount 1234567890");
    vi.stubEnv("PAYMENT_POSTAL_ADDRESS", "1 Main St, Nashville, TN 37201");
    const { invoice } = await invoiced();
    const { dueOn } = (await invoiceOf(invoice.id)) as unknown as { dueOn: string };
    const text = await pdf(invoice.id);
    expect(text).toContain("From Cover Payee LLC, 1 Main St, Nashville, TN 37201.");
    expect(text).toContain(`Due by ${longDay(dueOn)}`);
    expect(text).toContain(
      `Bank transfer First Bank, Routing 021000021, Account 1234567890. Quote the invoice number ${invoice.number} as the transfer reference.`,
    );
    expect(text).toContain("Check Payable to Cover Payee LLC, mailed to the address above");
    expect(text).not.toContain("quoting the invoice number");
    expect((await getBilling(db(), member)).paymentInstructions).toEqual([
      { label: "Payee", value: "Cover Payee LLC" },
      { label: "Address", value: "1 Main St, Nashville, TN 37201" },
      {
        label: "Bank transfer",
        value: "First Bank, Routing 021000021, Account 1234567890. Quote the invoice number as the transfer reference.",
      },
      {
        label: "Check",
        value: "Payable to Cover Payee LLC, mailed to the address above, with the invoice number on the memo line.",
      },
    ]);
  });

  it("leave out what is not set, never an empty label", async () => {
    vi.stubEnv("PAYMENT_BANK_DETAILS", "");
    vi.stubEnv("PAYMENT_POSTAL_ADDRESS", "");
    const { invoice } = await invoiced();
    const text = await pdf(invoice.id);
    expect(text).toContain("Payee CoverDesk Licensing LLC");
    expect(text).not.toMatch(/Bank transfer|Address|Check Payable/);
    expect((await getBilling(db(), member)).paymentInstructions).toEqual([
      { label: "Payee", value: "CoverDesk Licensing LLC" },
    ]);
  });
});
