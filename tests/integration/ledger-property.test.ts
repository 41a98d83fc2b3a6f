import { isoDay } from "@/lib/clock";
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import * as refundRoute from "@/app/api/invoices/[id]/refund/route";
import * as voidRoute from "@/app/api/invoices/[id]/void/route";
import * as paymentVoidRoute from "@/app/api/payments/[id]/void/route";
import * as identifiedRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-identified/route";
import * as notFoundRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-not-found/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as ratesRoute from "@/app/api/statutory-rates/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { issueInvoice, recordPayment } from "../helpers/money";
import { patchTrack } from "../helpers/patch";
import { addSong, cancel, requestIn, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
/** A CD: physical, so an owner not found can be filed with the Copyright Office. */
const PHYSICAL_FORMAT = 1001;
/** The latest year whose rates were entered (the migrations' last, then each "rate" step's). */
let rateYear = 2026;
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
    (select coalesce(sum(case when kind = 'refund' then -amount when kind in ('bank_transfer', 'check') and voided_at is null then amount else 0 end), 0)
      from payments) as p`);
  expect(n(cash!.c)).toBe(n(cash!.p));
  // Royalties held are those of live invoice lines, less what went back to the balance since (a lower rate, an owner
  // not identified) and what is owed to the owners now (split once licensed and paid, net of any taken back).
  const [held] = await rows<{ h: string; expected: string }>(sql`select
    (select -coalesce(sum(amount), 0) from ledger_postings where ledger_account = 'royalties_held') as h,
    (select coalesce(sum(il.royalty), 0) from invoice_lines il join invoices i on i.id = il.invoice_id
      where i.status <> 'void' and il.credited_at is null and il.request_id is not null)
    - (select coalesce(sum(credited_royalty), 0) from requests)
    - (select -coalesce(sum(p.amount), 0) from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where p.ledger_account = 'royalties_payable' and e.kind in ('royalty_owed', 'royalty_credited')) as expected`);
  expect(n(held!.h)).toBe(n(held!.expected));
  // An owner the Copyright Office's records do not identify is owed nothing of the request.
  const unpaid = await rows(sql`select n.request_id, n.owner_id from owner_notices n
    join ledger_entries e on e.request_id = n.request_id and e.kind = 'royalty_owed'
    join ledger_postings p on p.entry_id = e.id and p.owner_id = n.owner_id and p.ledger_account = 'royalties_payable'
    where n.owner_not_found_at is not null and n.owner_identified_at is null`);
  expect(unpaid).toEqual([]);
  // What a request owes never counts a share nobody can be paid, and what went back is never more than was invoiced.
  const over = await rows(sql`select id from requests where credited_royalty > invoiced_royalty
    or royalty_not_payable < 0 or royalty_not_payable > royalty_total`);
  expect(over).toEqual([]);
}

type Op = {
  kind:
    | "issue"
    | "pay"
    | "void"
    | "voidPayment"
    | "cancel"
    | "drop"
    | "license"
    | "lengthen"
    | "refund"
    | "notFound"
    | "identify"
    | "rate";
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
    "voidPayment",
    "cancel",
    "drop",
    "license",
    "lengthen",
    "refund",
    "notFound",
    "identify",
    "rate",
  ),
  pick: fc.nat(),
  cents: fc.integer({ min: 1, max: 40000 }),
});

const amount = (cents: number) => (cents / 100).toFixed(2);

describe("the ledger balances after every operation", () => {
  it("over random sequences of issuing, paying, voiding invoices and payments, cancelling, licensing, top-ups, refunding, owners not found or identified, and rates published", async () => {
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
            // A year with no published rate (provisional), on a CD (an owner not found can be filed with the Office).
            requestBody({
              track: {
                lengthInSeconds: undefined,
                releases: [{ formatId: PHYSICAL_FORMAT, releaseQuantity: 1000, releaseMonth: 9, releaseYear: 2031 }],
              },
            }),
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
              receivedOn: isoDay(),
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
        case "voidPayment": {
          // Any payment, voidable or not (drawn from the balance, a refund, licensing begun): refused ones change nothing.
          const paid = await rows<{ id: number }>(sql`select id from payments order by id`);
          const payment = pickFrom(paid, pick);
          if (payment)
            await call(paymentVoidRoute.POST, "POST", "/api/payments/x/void", {
              key: keys.staff,
              params: { id: String(payment.id) },
              body: { reason: "Recorded by mistake" },
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
        case "notFound":
        case "identify": {
          // An owner of a request being licensed is found missing from the Copyright Office's records, or identified.
          const request = pickFrom(requests, pick);
          const owner = pickFrom(song.owners, cents);
          if (!request || !owner) return;
          // Owners are looked up once licensing has begun (a paid request begins here if it has not yet).
          if (kind === "notFound") await setStatus(keys.staff, request.id, { code: "in_progress" });
          const route = kind === "notFound" ? notFoundRoute : identifiedRoute;
          const path = kind === "notFound" ? "owner-not-found" : "owner-identified";
          await call(route.POST, "POST", `/api/requests/${request.id}/owners/${owner.id}/${path}`, {
            key: keys.staff,
            params: { id: String(request.id), ownerId: String(owner.id) },
          });
          return;
        }
        case "rate": {
          // The next year's rates are published, higher or lower: every provisional royalty is repriced.
          rateYear += 1;
          await call(ratesRoute.POST, "POST", "/api/statutory-rates", {
            key: keys.staff,
            body: { year: rateYear, perCopy: ((1000 + (cents % 700)) / 100).toFixed(2), perMinute: "2.52" },
          });
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
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        for (const o of ops) {
          await apply(o);
          await expectBooksBalanced();
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
