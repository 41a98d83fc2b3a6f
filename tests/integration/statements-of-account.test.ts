import { parse } from "csv-parse/sync";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as annualCsvRoute from "@/app/api/annual-statements/[year]/owners/[ownerId]/licensees/[licenseeId]/csv/route";
import * as annualPdfRoute from "@/app/api/annual-statements/[year]/owners/[ownerId]/licensees/[licenseeId]/pdf/route";
import * as ownerBalancesRoute from "@/app/api/owner-balances/route";
import * as payoutDetailsRoute from "@/app/api/owners/[id]/payout-details/route";
import * as statementCsvRoute from "@/app/api/statements/[month]/owners/[ownerId]/licensees/[licenseeId]/csv/route";
import * as statementPdfRoute from "@/app/api/statements/[month]/owners/[ownerId]/licensees/[licenseeId]/pdf/route";
import * as payoutCsvRoute from "@/app/api/statements/[month]/payouts/csv/route";
import * as payoutsPaidRoute from "@/app/api/statements/[month]/payouts/paid/route";
import * as statementsRoute from "@/app/api/statements/route";
import * as ratesRoute from "@/app/api/statutory-rates/route";
import { albums, ledgerEntries, ledgerPostings, outboxMessages, requests, tracks } from "@/db/schema";
import { setClock } from "@/lib/clock";
import { runNoticeDigest } from "@/lib/jobs/notice-digest";
import { monthBounds } from "@/lib/statements/month";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, requestBody } from "../helpers/fixtures";
import { invoiceAndPay } from "../helpers/money";
import { patchTrack } from "../helpers/patch";
import { pdfText } from "../helpers/pdf-text";
import { expectProblem } from "../helpers/problem";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Statements of account (docs/statements.md): per licensee, per owner, per calendar month of the service's calendar
// (America/Chicago), only once the month has ended; payouts due by the 20th of the next month, late after.
const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
let owner: { paid: number; minimum: number; held: number };
const licensee: Record<"north" | "south", string> = { north: "", south: "" };
const at = (iso: string) => setClock(new Date(iso));

/**
 * A request of a licensee (a new one by company name, or one filed before by id), driven to licensed, with a label,
 * a catalog number and an ISRC.
 */
async function licensed(who: { company: string } | { id: string }, track: Record<string, unknown> = {}) {
  const body = requestBody({
    track: {
      album: {
        title: "Covers Vol. 1",
        artist: "The Test Band",
        licensee: "id" in who ? { id: who.id } : { ...COMPLETE_LICENSEE, companyName: who.company },
      },
      isrc: "USRC17607839",
      releases: [
        {
          formatId: 1002,
          releaseQuantity: 1000,
          releaseMonth: 9,
          releaseYear: 2027,
          label: "Harbor Records",
          catalogNumber: "HR-001",
        },
      ],
      ...track,
    },
  });
  const id = await requestIn(keys, "licensed", song, body);
  const [row] = await db()
    .select({ trackId: requests.trackId, licenseeId: albums.licenseeId })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(requests.id, id));
  return { id, ...row! };
}

const setPayoutDetails = (ownerId: number, body: Record<string, unknown>) =>
  call(payoutDetailsRoute.PUT, "PUT", `/api/owners/${ownerId}/payout-details`, {
    key: keys.staff,
    params: { id: String(ownerId) },
    body: { kind: "iban", accountHolder: "Holder", iban: "DE89 3704 0044 0532 0130 00", ...body },
  });
const run = (month: string) =>
  call(statementsRoute.POST, "POST", "/api/statements", { key: keys.staff, body: { month } });
const markPaid = (month: string) =>
  call(payoutsPaidRoute.POST, "POST", `/api/statements/${month}/payouts/paid`, { key: keys.staff, params: { month } });
const get = (handler: typeof payoutCsvRoute.GET, params: Record<string, string>) =>
  handler(new Request("http://localhost/api/statements", { headers: { Authorization: `Bearer ${keys.staff}` } }), {
    params: Promise.resolve(params),
  });
const statementOf = (month: string, ownerId: number, licenseeId: string) => ({
  csv: async () => (await get(statementCsvRoute.GET, { month, ownerId: String(ownerId), licenseeId })).text(),
  pdf: async () =>
    new Uint8Array(
      await (await get(statementPdfRoute.GET, { month, ownerId: String(ownerId), licenseeId })).arrayBuffer(),
    ),
});
const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
const cents = (amount: string) => Math.round(Number(amount) * 100);
const flat = (text: string) => text.replace(/\s+/g, " ");

/** The ledger's royalties posted to an owner from a licensee in a month, in hundredths of a cent, oldest first. */
async function postedIn(month: string, ownerId: number, licenseeId: string) {
  const { start, end } = await monthBounds(db(), month);
  const rows = await db()
    .select({ amount: sql<number>`-${ledgerPostings.amount}`.mapWith(Number) })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(requests, eq(requests.id, ledgerEntries.requestId))
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(
      and(
        eq(ledgerEntries.kind, "royalty_owed"),
        eq(ledgerPostings.ledgerAccount, "royalties_payable"),
        eq(ledgerPostings.ownerId, ownerId),
        eq(albums.licenseeId, licenseeId),
        gte(ledgerEntries.dateAdded, start),
        lt(ledgerEntries.dateAdded, end),
      ),
    )
    .orderBy(ledgerEntries.dateAdded, ledgerEntries.id);
  return rows.map((r) => r.amount);
}

beforeAll(async () => {
  at("2027-06-10T15:00:00Z");
  keys = { client: (await clientKey(db(), "Statements Records")).key, staff: await staffKey(db()) };
  song = await addSong(
    keys.staff,
    songBody({
      title: "Yesterday",
      writers: ["John Lennon", "Paul McCartney"],
      owners: [
        { name: "Paid Monthly Music", share: 50 },
        { name: "Minimum Music", share: 30 },
        { name: "Held Music", share: 20 },
      ],
    }),
  );
  owner = { paid: song.owners[0]!.id, minimum: song.owners[1]!.id, held: song.owners[2]!.id };
  expect((await setPayoutDetails(owner.paid, {})).status).toBe(200);
  // The second owner asked to be paid only once owed $1,000.00; the third has no bank details.
  expect((await setPayoutDetails(owner.minimum, { payoutMinimum: "1000.00" })).status).toBe(200);
  // June: two licensees of the same client; North's second request waits for its length, supplied later, and is
  // licensed once the top-up it causes is paid.
  licensee.north = (await licensed({ company: "North Licensee LLC" })).licenseeId;
  licensee.south = (await licensed({ company: "South Licensee LLC" })).licenseeId;
  const topUp = await licensed({ id: licensee.north }, { lengthInSeconds: undefined, externalTrackId: "ext-2" });
  expect(topUp.licenseeId).toBe(licensee.north);
  expect((await patchTrack(keys.client, topUp.trackId, { lengthInSeconds: 400 })).status).toBe(200);
  await invoiceAndPay(keys, [topUp.id]);
});
afterAll(() => setClock(undefined));

describe("a month's statements of account", () => {
  it("are refused while the month has not ended in the service's calendar", async () => {
    // July 1, 03:00 UTC is still June 30 in Chicago.
    at("2027-07-01T03:00:00Z");
    const refused = await run("2027-06");
    expectProblem(refused, 409, "month_not_ended");
    expect(refused.body.detail).toContain("can be made from 2027-07-01T05:00:00.000Z");
  });

  it("are one per licensee per owner, with the content of 37 CFR 210 and CoverDesk's certification as agent", async () => {
    at("2027-07-02T15:00:00Z");
    const made = await run("2027-06");
    expect(made.status).toBe(201);
    const forPaid = made.body.statements.filter((s: { ownerId: number }) => s.ownerId === owner.paid);
    expect(forPaid.map((s: { licenseeName: string; earned: string }) => [s.licenseeName, s.earned])).toEqual([
      ["North Licensee LLC", "153.70"], // $65.50 licensed, $88.20 licensed once its length and top-up came
      ["South Licensee LLC", "65.50"],
    ]);
    const text = flat(await pdfText(await statementOf("2027-06", owner.paid, licensee.south).pdf()));
    for (const part of [
      "Statement of account 2027-06",
      "Legal name South Licensee LLC",
      "Address 100 Congress Avenue, Austin, TX 78701, US",
      "Paid Monthly Music",
      "Writers John Lennon, Paul McCartney",
      "Playing time 3:20",
      "Principal artist The Test Band",
      "Label Harbor Records",
      "Catalog number HR-001",
      "ISRC USRC17607839",
      "Configuration Digital Downloads",
      "Units made and distributed 1,000",
      "1,000 units at $0.1310; share 50%; royalty $65.50",
      "Payment due by Jul 20, 2027",
      "Prepared and certified by CoverDesk as agent for South Licensee LLC",
    ])
      expect(text).toContain(part);
    expect(text).not.toContain("North Licensee LLC");
  });

  it("print each line's own units and rate charged, so units × rate × share is its amount; the PDF and the CSV match the ledger line by line", async () => {
    const north = statementOf("2027-06", owner.paid, licensee.north);
    const rows = rowsOf(await north.csv());
    expect(rows.map((r) => [r.kind, r.units, r.rate, r.share_percent, r.royalty])).toEqual([
      ["licensed", "1000", "0.1310", "50", "65.50"],
      ["licensed", "1000", "0.1764", "50", "88.20"],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ licensee: "North Licensee LLC", owner: "Paid Monthly Music", label: "Harbor Records" });
      expect(Math.round(((Number(r.units) * Number(r.rate) * Number(r.share_percent)) / 100) * 100)).toBe(
        cents(r.royalty!),
      );
    }
    expect(rows.map((r) => cents(r.royalty!) * 100)).toEqual(await postedIn("2027-06", owner.paid, licensee.north));
    const text = flat(await pdfText(await north.pdf()));
    for (const r of rows)
      expect(text).toContain(`1,000 units at $${r.rate}; share ${r.share_percent}%; royalty $${r.royalty}`);
    expect(text).toContain("Royalty for June 2027 $153.70");
    // The held owner's statement reconciles the same way, at its share.
    const held = rowsOf(await statementOf("2027-06", owner.held, licensee.north).csv());
    expect(held.map((r) => r.royalty)).toEqual(["26.20", "35.28"]);
    expect(held.map((r) => cents(r.royalty!) * 100)).toEqual(await postedIn("2027-06", owner.held, licensee.north));
  });

  it("are the same when the month is run again: same answer, same documents", async () => {
    const doc = statementOf("2027-06", owner.paid, licensee.north);
    const [csv, pdf] = [await doc.csv(), await doc.pdf()];
    at("2027-07-05T15:00:00Z");
    const again = await run("2027-06");
    expect(again.status).toBe(200);
    expect(again.body.statements).toEqual((await run("2027-06")).body.statements);
    expect(await doc.csv()).toBe(csv);
    expect(Buffer.from(await doc.pdf()).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe("payouts", () => {
  it("follow each owner's minimum: paid every month by default, held back below the minimum the owner chose", async () => {
    const view = (await run("2027-06")).body;
    expect(view.payoutBatch).toMatchObject({ dueOn: "2027-07-20", total: "219.20" });
    expect(view.payoutBatch.items.map((i: { ownerName: string; amount: string }) => [i.ownerName, i.amount])).toEqual([
      ["Paid Monthly Music", "219.20"],
    ]);
    expect(JSON.stringify(view.payoutBatch)).not.toContain("Minimum Music"); // $131.52 owed, below its $1,000.00
    expect(view.payoutBatch.held).toEqual([
      expect.objectContaining({ ownerName: "Held Music", amount: "87.68", dueOn: "2027-07-20", overdue: false }),
    ]);
  });

  it("from the 15th, the staff digest warns of the payouts not made yet", async () => {
    at("2027-07-14T15:00:00Z");
    // Before the 15th there is nothing to say (every notice was served).
    expect(await runNoticeDigest(db())).toEqual({ day: "2027-07-14", notices: 0, outboxMessageId: null });
    at("2027-07-15T15:00:00Z");
    const digest = await runNoticeDigest(db());
    const [message] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, digest!.outboxMessageId!));
    expect(message!.subject).toContain("2 payouts to owners not made");
    expect(message!.body).toContain("Paid Monthly Music: $219.20 of 2027-06, due July 20, 2027");
    expect(message!.body).toContain("Held Music: $87.68 of 2027-06, due July 20, 2027");
  });

  it("made after the 20th carry the late fee of 1.5% a month, added to the payout, shown and posted", async () => {
    at("2027-07-22T15:00:00Z");
    const csv = rowsOf(await (await get(payoutCsvRoute.GET, { month: "2027-06" })).text());
    expect(csv.map((r) => [r.payee_name, r.royalties, r.late_fee, r.amount])).toEqual([
      ["Paid Monthly Music", "219.20", "3.29", "222.49"], // 1.5% of $219.20 is $3.288
    ]);
    const paid = await markPaid("2027-06");
    expect(paid.status).toBe(200);
    expect(paid.body.payoutBatch.items).toEqual([
      expect.objectContaining({ ownerName: "Paid Monthly Music", amount: "219.20", lateFee: "3.29" }),
    ]);
    const fees = await db()
      .select({ ownerId: ledgerPostings.ownerId, amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.ledgerAccount, "late_fees"));
    expect(fees).toEqual([{ ownerId: owner.paid, amount: 32900 }]);
    const [cash] = (
      await db().execute<{ total: string }>(
        sql`select sum(amount) total from ledger_postings where ledger_account = 'cash' and amount < 0`,
      )
    ).rows;
    expect(Number(cash!.total)).toBe(-(2192000 + 32900));
  });

  it("held for missing bank details are listed overdue, their late fee growing, and paid with it once details come", async () => {
    const held = async () => (await run("2027-06")).body.payoutBatch.held;
    expect(await held()).toEqual([
      expect.objectContaining({ ownerName: "Held Music", amount: "87.68", overdue: true, lateFee: "1.32" }),
    ]);
    at("2027-08-21T15:00:00Z"); // a month and a day late: 3%
    expect(await held()).toEqual([expect.objectContaining({ overdue: true, lateFee: "2.63" })]);
    expectProblem(await markPaid("2027-06"), 409, "nothing_to_pay"); // nobody left it can pay
    expect((await setPayoutDetails(owner.held, {})).status).toBe(200);
    const paid = await markPaid("2027-06");
    expect(paid.body.payoutBatch.held).toEqual([]);
    expect(paid.body.payoutBatch.items).toEqual([
      expect.objectContaining({ ownerName: "Held Music", amount: "87.68", lateFee: "2.63" }),
      expect.objectContaining({ ownerName: "Paid Monthly Music", lateFee: "3.29" }),
    ]);
    const balances = (await call(ownerBalancesRoute.GET, "GET", "/api/owner-balances", { key: keys.staff })).body;
    expect(balances.map((b: { name: string; owed: string }) => [b.name, b.owed])).toEqual([
      ["Held Music", "0.00"],
      ["Minimum Music", "131.52"],
      ["Paid Monthly Music", "0.00"],
    ]);
  });

  it("once the owner lowers the minimum, the next month pays what waited", async () => {
    expect((await setPayoutDetails(owner.minimum, { payoutMinimum: "0" })).status).toBe(200);
    at("2027-07-10T15:00:00Z");
    await licensed({ id: licensee.north }, { externalTrackId: "ext-3" });
    at("2027-08-22T15:00:00Z");
    const july = (await run("2027-07")).body;
    expect(july.payoutBatch.dueOn).toBe("2027-08-20");
    expect(july.payoutBatch.items.map((i: { ownerName: string; amount: string }) => [i.ownerName, i.amount])).toEqual([
      ["Held Music", "26.20"],
      ["Minimum Music", "170.82"], // June's $131.52 and July's $39.30
      ["Paid Monthly Music", "65.50"],
    ]);
  });
});

describe("the annual statement", () => {
  const annual = (handler: typeof annualCsvRoute.GET, year: string, ownerId: number, licenseeId: string) =>
    get(handler, { year, ownerId: String(ownerId), licenseeId });

  it("waits for the year's end", async () => {
    at("2027-12-31T15:00:00Z");
    const res = await annual(annualCsvRoute.GET, "2027", owner.paid, licensee.north);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("month_not_ended");
  });

  it("sums the year's monthly statements of a licensee to an owner, in PDF and CSV", async () => {
    at("2028-01-02T15:00:00Z");
    const rows = rowsOf(await (await annual(annualCsvRoute.GET, "2027", owner.paid, licensee.north)).text());
    expect(rows.map((r) => [r.month, r.royalty])).toEqual([
      ["2027-06", "65.50"],
      ["2027-06", "88.20"],
      ["2027-07", "65.50"],
    ]);
    const monthly = [
      ...rowsOf(await statementOf("2027-06", owner.paid, licensee.north).csv()),
      ...rowsOf(await statementOf("2027-07", owner.paid, licensee.north).csv()),
    ];
    expect(rows).toEqual(monthly);
    const pdf = await annual(annualPdfRoute.GET, "2027", owner.paid, licensee.north);
    const text = flat(await pdfText(new Uint8Array(await pdf.arrayBuffer())));
    expect(text).toContain("Annual statement of account 2027");
    expect(text).toContain("Total for June 2027 $153.70");
    expect(text).toContain("Total for July 2027 $65.50");
    expect(text).toContain("Total for 2027 $219.20");
    expect(text).toContain("Prepared and certified by CoverDesk as agent for North Licensee LLC");
  });
});

describe("a top-up after the year's rate is published", () => {
  it("is a line of its own at the rate difference, which reconciles like every line", async () => {
    // Priced at 2026's rate until 2027's was published: entering it reprices the licensed requests, which then owe
    // the difference as a top-up; paying it posts the owners' part in January 2028.
    at("2028-01-05T15:00:00Z");
    const entered = await call(ratesRoute.POST, "POST", "/api/statutory-rates", {
      key: keys.staff,
      body: { year: 2027, perCopy: "13.50", perMinute: "2.60" },
    });
    expect(entered.status).toBe(201);
    const owing = await db()
      .select({ id: requests.id })
      .from(requests)
      .where(sql`${requests.owing}`)
      .orderBy(requests.id);
    expect(owing).toHaveLength(4);
    await invoiceAndPay(
      keys,
      owing.map((r) => r.id),
    );
    at("2028-02-02T15:00:00Z");
    for (const month of ["2027-08", "2027-09", "2027-10", "2027-11", "2027-12", "2028-01"])
      expect((await run(month)).status).toBe(201);
    const january = statementOf("2028-01", owner.paid, licensee.north);
    const rows = rowsOf(await january.csv());
    // 0.1350 - 0.1310 per copy; the 400-second track 7 × 0.0260 = 0.1820 - 0.1764.
    expect(rows.map((r) => [r.kind, r.units, r.rate, r.share_percent, r.royalty])).toEqual([
      ["top-up (rate difference)", "1000", "0.0040", "50", "2.00"],
      ["top-up (rate difference)", "1000", "0.0056", "50", "2.80"],
      ["top-up (rate difference)", "1000", "0.0040", "50", "2.00"],
    ]);
    for (const r of rows)
      expect(Math.round(((Number(r.units) * Number(r.rate) * Number(r.share_percent)) / 100) * 100)).toBe(
        cents(r.royalty!),
      );
    expect(rows.map((r) => cents(r.royalty!) * 100)).toEqual(await postedIn("2028-01", owner.paid, licensee.north));
    const text = flat(await pdfText(await january.pdf()));
    expect(text).toContain("1,000 units at $0.0056; share 50%; royalty $2.80");
  });
});
