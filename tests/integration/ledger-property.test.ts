import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import * as refundRoute from "@/app/api/invoices/[id]/refund/route";
import * as voidRoute from "@/app/api/invoices/[id]/void/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { issueInvoice, recordPayment } from "../helpers/money";
import { patchTrack } from "../helpers/patch";
import { addSong, cancel, requestIn, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Ledger Records")).key, staff: await staffKey(db()) };
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

const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute<T & Record<string, unknown>>(query)).rows;
const n = (v: unknown) => Number(v ?? 0);
const getRequest = async (id: number) =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } }))
    .body as { trackId: number };

/** The invariants of the books, checked after every operation. */
async function expectBooksBalanced() {
  const unbalanced = await rows(sql`select entry_id from ledger_postings group by entry_id having sum(amount) <> 0`);
  expect(unbalanced).toEqual([]);
  const [all] = await rows<{ s: string }>(sql`select coalesce(sum(amount), 0) as s from ledger_postings`);
  expect(n(all!.s)).toBe(0);
  // Each invoice's receivable is exactly what is still due on it.
  const invoices = await rows<{ id: number; status: string; total: string; settled: string; receivable: string }>(sql`
    select i.id, i.status, i.total, i.settled,
      coalesce((select sum(p.amount) from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where e.invoice_id = i.id and p.ledger_account = 'receivable'), 0) as receivable
    from invoices i`);
  for (const i of invoices)
    expect(n(i.receivable)).toBe(i.status === "open" ? Math.max(n(i.total) - n(i.settled), 0) : 0);
  // The client's balance never goes below zero; cash is what came in less what went out.
  const [balance] = await rows<{ b: string }>(
    sql`select -coalesce(sum(amount), 0) as b from ledger_postings where ledger_account = 'client_balance'`,
  );
  expect(n(balance!.b)).toBeGreaterThanOrEqual(0);
  const [cash] = await rows<{ c: string; p: string }>(sql`select
    (select coalesce(sum(amount), 0) from ledger_postings where ledger_account = 'cash') as c,
    (select coalesce(sum(case when kind = 'refund' then -amount when kind in ('bank_transfer', 'check') then amount else 0 end), 0) from payments) as p`);
  expect(n(cash!.c)).toBe(n(cash!.p));
  // Royalties held are those of live invoice lines not yet owed to owners: owed once the request is licensed and the
  // line's invoice is paid (a top-up line of a licensed request is held until its invoice is paid).
  const [held] = await rows<{ h: string; expected: string }>(sql`select
    (select -coalesce(sum(amount), 0) from ledger_postings where ledger_account = 'royalties_held') as h,
    (select coalesce(sum(il.royalty), 0) from invoice_lines il join invoices i on i.id = il.invoice_id join requests r on r.id = il.request_id
      where i.status <> 'void' and il.credited_at is null and not (r.status_code = 'licensed' and i.status = 'paid')) as expected`);
  expect(n(held!.h)).toBe(n(held!.expected));
}

type Op = {
  kind: "issue" | "pay" | "void" | "cancel" | "drop" | "license" | "lengthen" | "refund";
  pick: number;
  cents: number;
};
const op = fc.record({
  kind: fc.constantFrom<Op["kind"]>(
    "issue",
    "issue",
    "pay",
    "pay",
    "void",
    "cancel",
    "drop",
    "license",
    "lengthen",
    "refund",
  ),
  pick: fc.nat(),
  cents: fc.integer({ min: 1, max: 40000 }),
});

const amount = (cents: number) => (cents / 100).toFixed(2);

describe("the ledger balances after every operation", () => {
  it("over random sequences of issuing, paying, voiding, cancelling, licensing, top-ups and refunding", async () => {
    const requests: { id: number; trackId: number }[] = [];
    const invoices: { id: number; status: string }[] = [];
    const pickFrom = <T>(list: T[], pick: number) => (list.length ? list[pick % list.length] : undefined);

    async function apply({ kind, pick, cents }: Op) {
      switch (kind) {
        case "issue": {
          // Filed without a length, so a later "lengthen" can raise the royalty (a top-up) at any status.
          const id = await requestIn(
            keys,
            "need_payment",
            song,
            requestBody({ track: { lengthInSeconds: undefined } }),
          );
          const res = await issueInvoice(keys.client, [id]);
          requests.push({ id, trackId: (await getRequest(id)).trackId });
          invoices.push({ id: res.body.id, status: res.body.status });
          return;
        }
        case "pay": {
          const invoice = pickFrom(invoices, pick);
          if (invoice)
            await recordPayment(keys.staff, invoice.id, {
              amount: amount(cents),
              reference: `P${pick}`,
              receivedOn: "2026-11-20",
            });
          return;
        }
        case "void": {
          const invoice = pickFrom(invoices, pick);
          if (invoice)
            await call(voidRoute.POST, "POST", "/api/invoices/x/void", {
              key: keys.staff,
              params: { id: String(invoice.id) },
            });
          return;
        }
        case "cancel": {
          const request = pickFrom(requests, pick);
          if (request) await cancel(keys.client, request.id);
          return;
        }
        case "drop": {
          const request = pickFrom(requests, pick);
          if (request) await setStatus(keys.staff, request.id, { code: "cannot_license", reason: "other" });
          return;
        }
        case "license": {
          const request = pickFrom(requests, pick);
          if (!request) return;
          const begun = await setStatus(keys.staff, request.id, { code: "in_progress" });
          if (begun.status === 200) for (const owner of song.owners) await serve(keys.staff, request.id, owner.id);
          return;
        }
        case "lengthen": {
          // The missing length is supplied (6:40): whatever it still owes is invoiced as a top-up, if it may be.
          const request = pickFrom(requests, pick);
          if (!request) return;
          await patchTrack(keys.client, request.trackId, { lengthInSeconds: 400 });
          const res = await issueInvoice(keys.client, [request.id]);
          if (res.status === 201) invoices.push({ id: res.body.id, status: res.body.status });
          return;
        }
        case "refund": {
          const invoice = pickFrom(invoices, pick);
          if (invoice) {
            await call(refundRoute.POST, "POST", "/api/invoices/x/refund", {
              key: keys.staff,
              params: { id: String(invoice.id) },
              body: { amount: amount(cents), reference: "R" },
            });
          }
          return;
        }
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          await apply(o);
          await expectBooksBalanced();
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
