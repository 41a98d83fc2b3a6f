import { isoDay } from "@/lib/clock";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import * as balanceRoute from "@/app/api/account/balance/route";
import * as refundRoute from "@/app/api/invoices/[id]/refund/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { ledgerEntries, ledgerPostings } from "@/db/schema";
import { getAlbumOverview } from "@/lib/album-overview/get-album-overview";
import type { Actor } from "@/lib/auth/actor";
import { getBilling } from "@/lib/billing/get-billing";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { invoiceAndPay, issueInvoice, recordPayment } from "../helpers/money";
import { patchTrack } from "../helpers/patch";
import { expectProblem } from "../helpers/problem";
import { addSong, cancel, linkSong, payAndBegin, requestIn, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let clientActor: Extract<Actor, { kind: "client" }>;
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  const client = await clientKey(db(), "Paying Records");
  keys = { client: client.key, staff: await staffKey(db()) };
  clientActor = {
    kind: "client",
    name: "Pat",
    accountId: client.accountId,
    role: "admin",
    userId: null,
    apiKeyId: null,
  };
  song = await addSong(
    keys.staff,
    songBody({
      owners: [
        { name: "A", share: 33.33 },
        { name: "B", share: 33.33 },
        { name: "C", share: 33.34 },
      ],
    }),
  );
});

const balance = async () =>
  (await call(balanceRoute.GET, "GET", "/api/account/balance", { key: keys.client })).body as {
    balance: string;
    payments: { kind: string; amount: string }[];
  };
const statusOf = async (id: number) =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } })).body;
/** What each owner of the song is owed for this request (hundredths of a cent, in owner order). */
async function payable(requestId: number) {
  const rows = await db()
    .select({ ownerId: ledgerPostings.ownerId, amount: sql<number>`sum(${ledgerPostings.amount})`.mapWith(Number) })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(and(eq(ledgerPostings.ledgerAccount, "royalties_payable"), eq(ledgerEntries.requestId, requestId)))
    .groupBy(ledgerPostings.ownerId)
    .orderBy(ledgerPostings.ownerId);
  return rows.map((r) => -r.amount);
}
const pay = (invoiceId: number, amount: string, reference = `TRF-${amount}`) =>
  recordPayment(keys.staff, invoiceId, { amount, reference, receivedOn: isoDay() });

/** A request waiting for payment, invoiced ($147.99 with the default fixture and schedule). */
async function invoiced() {
  const id = await requestIn(keys, "need_payment", song);
  const invoice = await issueInvoice(keys.client, [id]);
  expect(invoice.status).toBe(201);
  return { id, invoice: invoice.body as { id: number; number: string; total: string } };
}

describe("payment states of an invoice", () => {
  it.each([
    ["nothing paid", [], "open", "0.00", "147.99", "0.00"],
    ["a partial payment", ["100.00"], "open", "100.00", "47.99", "0.00"],
    ["two partial payments making the total", ["100.00", "47.99"], "paid", "147.99", "0.00", "0.00"],
    ["the exact total", ["147.99"], "paid", "147.99", "0.00", "0.00"],
    ["an overpayment: the rest goes to the balance", ["200.00"], "paid", "147.99", "0.00", "52.01"],
  ])("%s", async (_name, amounts, status, settled, due, toBalance) => {
    const before = Number((await balance()).balance);
    const { invoice } = await invoiced();
    let last: { body: { status: string; settled: string; due: string } } | undefined;
    for (const amount of amounts) {
      last = await pay(invoice.id, amount);
      expect((last as unknown as { status: number }).status).toBe(201);
    }
    if (last) expect(last.body).toMatchObject({ status, settled, due });
    expect((Number((await balance()).balance) - before).toFixed(2)).toBe(toBalance);
    // Anything left in the balance is paid back (so the next case starts from nothing).
    const rest = (await balance()).balance;
    if (rest !== "0.00") {
      const refunded = await call(refundRoute.POST, "POST", `/api/invoices/${invoice.id}/refund`, {
        key: keys.staff,
        params: { id: String(invoice.id) },
        body: { amount: rest, reference: "Refund" },
      });
      expect(refunded.status).toBe(200);
      expect((await balance()).balance).toBe("0.00");
    }
  });

  it("refuses payments on a paid invoice, and bad bodies with 400 naming the field", async () => {
    const { invoice } = await invoiced();
    await pay(invoice.id, "147.99");
    expectProblem(await pay(invoice.id, "1.00"), 409, "invoice_not_open");
    const bad = await recordPayment(keys.staff, invoice.id, {
      amount: "1.005",
      reference: "",
      receivedOn: "2026-02-30",
    });
    expectProblem(bad, 400, "validation_failed");
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["amount", "receivedOn", "reference"]);
    expectProblem(
      await recordPayment(keys.client, invoice.id, { amount: "1.00", reference: "x", receivedOn: isoDay() }),
      403,
      "forbidden",
    );
  });

  it("a refund is never more than the balance", async () => {
    const { invoice } = await invoiced();
    const res = await call(refundRoute.POST, "POST", `/api/invoices/${invoice.id}/refund`, {
      key: keys.staff,
      params: { id: String(invoice.id) },
      body: { amount: "1.00", reference: "R" },
    });
    expectProblem(res, 409, "insufficient_balance");
  });
});

describe("licensing waits for payment", () => {
  it("refuses in_progress until the request is paid, saying what is due; paid in full, it begins by itself", async () => {
    const id = await requestIn(keys, "need_payment", song);
    const refused = await setStatus(keys.staff, id, { code: "in_progress" });
    expectProblem(refused, 409, "not_paid");
    expect(refused.body.detail).toContain("is not paid ($147.99 royalty and fee): it is not on an invoice yet");
    const { body: invoice } = await issueInvoice(keys.client, [id]);
    await pay(invoice.id, "47.99");
    expect((await setStatus(keys.staff, id, { code: "in_progress" })).body.detail).toContain(
      `invoice ${invoice.number} has $100.00 of $147.99 still to pay`,
    );
    expect((await statusOf(id)).status.code).toBe("need_payment"); // partly paid: still waiting
    await pay(invoice.id, "100.00");
    expect(await statusOf(id)).toMatchObject({ amountDue: { paid: true }, status: { code: "in_progress" } });
  });

  it("a ready request cannot skip need_payment", async () => {
    const id = await requestIn(keys, "ready", song);
    expectProblem(await setStatus(keys.staff, id, { code: "in_progress" }), 409, "invalid_transition");
  });
});

describe("what was paid for a request that ends without a license goes to the balance", () => {
  it("cannot_license after payment (licensing begun): the whole line is credited to the balance", async () => {
    const before = Number((await balance()).balance);
    const id = await requestIn(keys, "in_progress", song);
    expect(
      (await setStatus(keys.staff, id, { code: "cannot_license", reason: "other", note: "Owner cannot be found" }))
        .status,
    ).toBe(200);
    expect((Number((await balance()).balance) - before).toFixed(2)).toBe("147.99");
    // The next invoice draws on the balance automatically.
    const next = await requestIn(keys, "need_payment", song);
    const res = await issueInvoice(keys.client, [next]);
    expect(res.body).toMatchObject({ status: "paid", settled: "147.99", due: "0.00" });
    expect(res.body.payments).toEqual([expect.objectContaining({ kind: "balance", amount: "147.99" })]);
    expect((Number((await balance()).balance) - before).toFixed(2)).toBe("0.00");
  });

  it("cancelled while the invoice is unpaid: the invoice owes that much less, nothing goes to the balance", async () => {
    const before = (await balance()).balance;
    const a = await requestIn(keys, "need_payment", song);
    const b = await requestIn(keys, "need_payment", song);
    const { body: invoice } = await issueInvoice(keys.client, [a, b]);
    await pay(invoice.id, "100.00");
    expect((await cancel(keys.client, a)).status).toBe(200);
    expect((await balance()).balance).toBe(before);
    const after = await pay(invoice.id, "47.99");
    expect(after.body).toMatchObject({ status: "paid", due: "0.00" });
    expect(after.body.lines.find((l: { requestId: number }) => l.requestId === a).credited).toBe(true);
    expect((await statusOf(b)).amountDue.paid).toBe(true);
  });
});

describe("the owners' royalties", () => {
  it("licensing splits the royalty collected by the owners' shares, exactly (33.33/33.33/33.34)", async () => {
    const id = await requestIn(keys, "licensed", song);
    const rows = await db()
      .select({ ownerId: ledgerPostings.ownerId, amount: sql<number>`sum(${ledgerPostings.amount})`.mapWith(Number) })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.ledgerAccount, "royalties_payable"))
      .groupBy(ledgerPostings.ownerId)
      .orderBy(ledgerPostings.ownerId);
    // $131.00 in cents: 4366.23 + 4366.23 + 4367.54 → 4366 + 4366 + 4368 (the left-over cent to the largest remainder).
    expect(rows.map((r) => -r.amount)).toEqual([436600, 436600, 436800]);
    expect(rows.reduce((s, r) => s - r.amount, 0)).toBe(1310000);
    expect((await statusOf(id)).status.code).toBe("licensed");
    await serve(keys.staff, id, song.owners[0]!.id); // serving again changes nothing
    const [total] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.ledgerAccount, "royalties_payable"));
    expect(total!.n).toBe(3);
  });

  it("a top-up (a missing length supplied later) is split to the owners with the rest, once it licenses the request", async () => {
    // 1000 downloads filed without a length are quoted at the minimum rate ($131.00); 6:40 supplied later raises it.
    const { id, trackId } = await fileRequest(keys.client, requestBody({ track: { lengthInSeconds: undefined } }));
    expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
    expect((await setStatus(keys.staff, id, { code: "ready" })).status).toBe(200);
    expect((await payAndBegin(keys, id)).status).toBe(200);
    for (const owner of song.owners) expect((await serve(keys.staff, id, owner.id)).status).toBe(200);
    // Served without a length: still in progress, and nothing is owed to the owners while the royalty is not final.
    expect((await statusOf(id)).status.code).toBe("in_progress");
    expect(await payable(id)).toEqual([]);
    expect((await patchTrack(keys.client, trackId, { lengthInSeconds: 400 })).status).toBe(200);
    const topUp = await invoiceAndPay(keys, [id]);
    expect(topUp.lines[0]!.royalty).toBe("45.40");
    expect((await statusOf(id)).status.code).toBe("licensed");
    // $176.40 by 33.33/33.33/33.34 in one split: $58.80 + $58.79 + $58.81.
    expect(await payable(id)).toEqual([588000, 587900, 588100]);
  });

  it("Billing and the album page show a top-up waiting for an invoice, then on its open invoice", async () => {
    const { id, trackId, albumId } = await fileRequest(
      keys.client,
      requestBody({ track: { lengthInSeconds: undefined } }),
    );
    expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
    expect((await setStatus(keys.staff, id, { code: "ready" })).status).toBe(200);
    expect((await payAndBegin(keys, id)).status).toBe(200);
    expect((await getBilling(db(), clientActor)).awaitingInvoice.items.map((r) => r.id)).not.toContain(id);
    expect((await patchTrack(keys.client, trackId, { lengthInSeconds: 400 })).status).toBe(200);
    const waiting = (await getBilling(db(), clientActor)).awaitingInvoice.items.find((r) => r.id === id);
    expect(waiting).toMatchObject({ topUp: true, royalty: "45.40", fee: "0.00", total: "45.40", albumId });
    expect((await getAlbumOverview(db(), clientActor, albumId)).owing).toEqual([
      expect.objectContaining({ id, total: "45.40", topUp: true }),
    ]);
    const invoice = (await issueInvoice(keys.client, [id])).body as { id: number; number: string };
    const billing = await getBilling(db(), clientActor);
    expect(billing.awaitingInvoice.items.map((r) => r.id)).not.toContain(id);
    expect(billing.onOpenInvoices.filter((l) => l.id === id)).toEqual([
      expect.objectContaining({ topUp: true, amount: "45.40", invoiceId: invoice.id, invoiceNumber: invoice.number }),
    ]);
    expect((await getAlbumOverview(db(), clientActor, albumId)).owing).toEqual([]);
  });

  it("the database refuses an unbalanced entry", async () => {
    await expect(
      db().transaction(async (tx) => {
        const [entry] = await tx
          .execute<{ id: number }>(
            sql`insert into ledger_entries (kind, memo) values ('test', 'unbalanced') returning id`,
          )
          .then((r) => r.rows);
        await tx.execute(
          sql`insert into ledger_postings (entry_id, ledger_account, amount) values (${entry!.id}, 'cash', 100)`,
        );
      }),
    ).rejects.toThrow();
    const [left] = await db()
      .execute<{ n: string }>(sql`select count(*) as n from ledger_entries where memo = 'unbalanced'`)
      .then((r) => r.rows);
    expect(Number(left!.n)).toBe(0);
  });
});

it("a fresh file request is not paid and has no invoice", async () => {
  const { id } = await fileRequest(keys.client);
  expect((await statusOf(id)).amountDue).toMatchObject({ paid: false, invoiceId: null });
  expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
});
