import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as voidRoute from "@/app/api/invoices/[id]/void/route";
import type { Db } from "@/db/client";
import { formatAmount } from "@/lib/money/amounts";
import { amountDue } from "@/lib/money/request-amounts";
import { INVOICEABLE, listOwing } from "@/lib/billing/requests-owing";
import { call, clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { issueInvoice, recordPayment } from "../helpers/money";
import { patchTrack } from "../helpers/patch";
import { addSong, cancel, requestIn, setStatus, songBody } from "../helpers/staff";
import { insertEarlyRequests, withDatabaseBefore } from "../helpers/migrated-before";
import { setupTestDb } from "../helpers/test-db";

// Issue 13 item 5: requests carry what their live invoice lines hold and whether they still owe (migration 0022's
// triggers), so Billing reads only those still owing. The kept values must always equal what the lines say, and
// listOwing must list exactly what it listed when it summed the lines itself.
const db = setupTestDb();
let keys: { client: string; staff: string };
let accountId: number;
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  const label = await clientKey(db(), "Owing Records");
  keys = { client: label.key, staff: await staffKey(db()) };
  accountId = label.accountId;
  song = await addSong(keys.staff, songBody());
});

const rows = async <T>(query: ReturnType<typeof sql>, on: Db = db()) =>
  (await on.execute<T & Record<string, unknown>>(query)).rows;
const live = sql`select l.request_id, sum(l.royalty) royalty, sum(l.fee) fee from invoice_lines l join invoices i on i.id = l.invoice_id
  where l.request_id is not null and l.credited_at is null and i.status <> 'void' group by 1`;

/** Every request whose kept values differ from its live lines (none when they are true). */
async function drift(on: Db = db()) {
  const invoiceable = sql.raw(INVOICEABLE.map((s) => `'${s}'`).join(", "));
  return rows(
    sql`select id, invoiced_royalty, invoiced_fee, owing, real_royalty, real_fee, real_owing from (
      select r.id, r.invoiced_royalty, r.invoiced_fee, r.owing, coalesce(s.royalty, 0) real_royalty, coalesce(s.fee, 0) real_fee,
        r.status_code in (${invoiceable}) and ((r.royalty_total + 50) / 100 * 100 > coalesce(s.royalty, 0)
          or (r.service_fee + 50) / 100 * 100 > coalesce(s.fee, 0)) real_owing
      from requests r left join (${live}) s on s.request_id = r.id) d
    where invoiced_royalty <> real_royalty or invoiced_fee <> real_fee or owing <> real_owing`,
    on,
  );
}

/** What listOwing returned when it summed each invoiceable request's live lines itself (before migration 0022). */
async function owingAsBefore() {
  const found = await rows<{
    id: number;
    status_code: string;
    royalty_total: string;
    service_fee: number;
    royalty: string | null;
    fee: string | null;
  }>(sql`
    select r.id, r.status_code, r.royalty_total, r.service_fee, s.royalty, s.fee from requests r
    join tracks t on t.id = r.track_id join albums a on a.id = t.album_id left join (${live}) s on s.request_id = r.id
    where r.account_id = ${accountId} and r.status_code in ('need_payment', 'in_progress', 'licensed') order by a.title, r.id`);
  return found
    .map((r) => {
      const due = amountDue({ royaltyTotal: Number(r.royalty_total), serviceFee: r.service_fee });
      const royalty = Math.max(due.royalty - Number(r.royalty ?? 0), 0);
      const fee = Math.max(due.fee - Number(r.fee ?? 0), 0);
      return {
        id: r.id,
        topUp: r.status_code !== "need_payment",
        royalty: formatAmount(royalty),
        fee: formatAmount(fee),
        total: formatAmount(royalty + fee),
      };
    })
    .filter((r) => r.total !== "0.00");
}

const owingNow = async () =>
  (await listOwing(db(), { accountId })).map(({ id, topUp, royalty, fee, total }) => ({
    id,
    topUp,
    royalty,
    fee,
    total,
  }));

async function expectKeptTrue() {
  expect(await drift()).toEqual([]);
  expect(await owingNow()).toEqual(await owingAsBefore());
}

const voidInvoice = (id: number) =>
  call(voidRoute.POST, "POST", `/api/invoices/${id}/void`, { key: keys.staff, params: { id: String(id) } });
const withoutLength = () => requestBody({ track: { lengthInSeconds: undefined } });
const trackOf = async (id: number) =>
  (await rows<{ track_id: number }>(sql`select track_id from requests where id = ${id}`))[0]!.track_id;

describe("what requests owe, kept by the database", () => {
  it("follows issuing, voiding, paying, a royalty raised later (a top-up), crediting and a hand-written update", async () => {
    const a = await requestIn(keys, "need_payment", song, withoutLength());
    const b = await requestIn(keys, "need_payment", song);
    await requestIn(keys, "ready", song);
    await expectKeptTrue();
    expect((await owingNow()).map((r) => r.id).sort()).toEqual([a, b].sort());

    const first = (await issueInvoice(keys.client, [a, b])).body as { id: number; due: string };
    await expectKeptTrue();
    expect(await owingNow()).toEqual([]);

    expect((await voidInvoice(first.id)).status).toBe(200);
    await expectKeptTrue();
    expect((await owingNow()).map((r) => r.id).sort()).toEqual([a, b].sort());

    const second = (await issueInvoice(keys.client, [a])).body as { id: number; due: string; number: string };
    expect(
      (
        await recordPayment(keys.staff, second.id, {
          amount: second.due,
          reference: second.number,
          receivedOn: "2026-11-20",
        })
      ).status,
    ).toBe(201);
    // Paid in full: licensing began by itself.
    expect(await rows<{ status_code: string }>(sql`select status_code from requests where id = ${a}`)).toEqual([
      { status_code: "in_progress" },
    ]);
    await expectKeptTrue();
    expect((await owingNow()).map((r) => r.id)).toEqual([b]);

    // 6:40 supplied later raises the royalty of the paid request: the difference is owed again, as a top-up.
    expect((await patchTrack(keys.client, await trackOf(a), { lengthInSeconds: 400 })).status).toBe(200);
    await expectKeptTrue();
    expect((await owingNow()).find((r) => r.id === a)).toMatchObject({ topUp: true, fee: "0.00" });

    const topUp = (await issueInvoice(keys.client, [a, b])).body as { id: number };
    await expectKeptTrue();
    expect(await owingNow()).toEqual([]);

    // Cancelled on an open invoice: its line is credited, and a cancelled request owes nothing.
    expect((await cancel(keys.client, b)).status).toBe(200);
    await expectKeptTrue();

    // Any writer keeps them: a line credited by hand, then the invoice voided by hand.
    await db().execute(
      sql`update invoice_lines set credited_at = now() where invoice_id = ${topUp.id} and request_id = ${a}`,
    );
    await expectKeptTrue();
    expect((await owingNow()).map((r) => r.id)).toEqual([a]);
    await db().execute(sql`update invoices set status = 'void' where id = ${second.id}`);
    await expectKeptTrue();
    // `owing` cannot be written by hand: it is recomputed from the row.
    await db().execute(sql`update requests set owing = false where id = ${a}`);
    await expectKeptTrue();
    expect((await owingNow()).map((r) => r.id)).toEqual([a]);
  });

  it("over random sequences of issuing, voiding, paying, licensing, top-ups and cancelling", async () => {
    type Op = { kind: "file" | "issue" | "void" | "pay" | "begin" | "lengthen" | "cancel"; pick: number };
    const op = fc.record({
      kind: fc.constantFrom<Op["kind"]>("file", "issue", "issue", "void", "pay", "begin", "lengthen", "cancel"),
      pick: fc.nat(),
    });
    const requests: number[] = [];
    const invoices: { id: number; due: string; number: string }[] = [];
    const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
    async function apply({ kind, pick: n }: Op) {
      const request = pick(requests, n);
      const invoice = pick(invoices, n);
      if (kind === "file") requests.push(await requestIn(keys, "need_payment", song, withoutLength()));
      if (kind === "issue" && request !== undefined) {
        const res = await issueInvoice(keys.client, [request]);
        if (res.status === 201) invoices.push(res.body as { id: number; due: string; number: string });
      }
      if (kind === "void" && invoice) await voidInvoice(invoice.id);
      if (kind === "pay" && invoice)
        await recordPayment(keys.staff, invoice.id, {
          amount: invoice.due,
          reference: invoice.number,
          receivedOn: "2026-11-20",
        });
      if (kind === "begin" && request !== undefined) await setStatus(keys.staff, request, { code: "in_progress" });
      if (kind === "lengthen" && request !== undefined)
        await patchTrack(keys.client, await trackOf(request), { lengthInSeconds: 200 + (n % 400) });
      if (kind === "cancel" && request !== undefined) await cancel(keys.client, request);
    }
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        await apply({ kind: "file", pick: 0 });
        for (const o of ops) {
          await apply(o);
          await expectKeptTrue();
        }
      }),
      { numRuns: 10 },
    );
  }, 240_000);

  it("are backfilled for the requests and invoices already in the database", async () => {
    // A database migrated up to the migration before, with an invoiced request, a voided one and an unbilled one.
    await withDatabaseBefore("_billing_owing", { account: "Before Owing", tracks: 3 }, async (handle) => {
      await insertEarlyRequests(handle, "need_payment");
      await handle.db.execute(sql`
        insert into invoices (account_id, year, number, status, total, issued_by_name)
        select id, 2026, n, (array['open', 'void']::invoice_status[])[n], 1311500, 'Early' from accounts, generate_series(1, 2) n where name = 'Before Owing'`);
      await handle.db.execute(sql`
        insert into invoice_lines (invoice_id, kind, request_id, description, royalty, fee, amount)
        select i.id, 'request', r.id, 'Early', 1310000, 1500, 1311500 from invoices i
        join requests r on r.id = (select min(id) from requests) + i.number - 1`);
      await handle.migrate();
      expect(await drift(handle.db)).toEqual([]);
      expect(await rows(sql`select invoiced_royalty::int, owing from requests order by id`, handle.db)).toEqual([
        { invoiced_royalty: 1310000, owing: false },
        { invoiced_royalty: 0, owing: true },
        { invoiced_royalty: 0, owing: true },
      ]);
    });
    // Migrating a new database up to the migration before, then on, is most of this test's time.
  }, 120_000);
});
