import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as ownerBalancesRoute from "@/app/api/owner-balances/route";
import * as payoutDetailsRoute from "@/app/api/owners/[id]/payout-details/route";
import * as statementCsvRoute from "@/app/api/statements/[month]/owners/[ownerId]/licensees/[licenseeId]/csv/route";
import * as statementPdfRoute from "@/app/api/statements/[month]/owners/[ownerId]/licensees/[licenseeId]/pdf/route";
import * as payoutCsvRoute from "@/app/api/statements/[month]/payouts/csv/route";
import * as payoutsPaidRoute from "@/app/api/statements/[month]/payouts/paid/route";
import * as statementsRoute from "@/app/api/statements/route";
import { setClock } from "@/lib/clock";
import { runInProcess } from "../../scripts/cli/io";
import { statementsCli } from "../../scripts/cli/statements";
import { call, clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { pdfText } from "../helpers/pdf-text";
import { expectProblem } from "../helpers/problem";
import { rowCounts } from "../helpers/row-counts";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
let licenseeId: string;
let firstRequest: number;
// Licensed in March 2027 (the service's calendar), run once March has ended.
const month = "2027-03";
const body = () =>
  requestBody({ track: { releases: [{ formatId: 1002, releaseQuantity: 1000, releaseMonth: 6, releaseYear: 2027 }] } });

beforeAll(async () => {
  setClock(new Date("2027-03-10T15:00:00Z"));
  keys = { client: (await clientKey(db(), "Statement Records")).key, staff: await staffKey(db()) };
  song = await addSong(
    keys.staff,
    songBody({
      title: "Three Ways",
      owners: [
        { name: '=HYPERLINK("http://evil.example")', email: "a@example.com", share: 33.33 },
        { name: "Bee Music, Inc.", share: 33.33 },
        { name: "Small Share Songs", share: 33.34 },
      ],
    }),
  );
  // Two licensed requests: $131.00 each, so the owners are owed $87.32, $87.32 and $87.36 (above the $25.00 minimum).
  const first = (firstRequest = await requestIn(keys, "licensed", song, body()));
  await requestIn(keys, "licensed", song, body());
  licenseeId = (
    await db().execute<{ id: string }>(
      sql`select albums.licensee_id id from requests join tracks on tracks.id = requests.track_id
        join albums on albums.id = tracks.album_id where requests.id = ${first}`,
    )
  ).rows[0]!.id;
  // The first two owners can be paid; the third has no bank details yet.
  expect(
    (
      await setPayoutDetails(song.owners[0]!.id, {
        kind: "iban",
        accountHolder: "Evil Holder",
        iban: "DE89 3704 0044 0532 0130 00",
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await setPayoutDetails(song.owners[1]!.id, {
        kind: "us_account",
        accountHolder: "Bee Music, Inc.",
        routingNumber: "021000021",
        accountNumber: "123456789",
      })
    ).status,
  ).toBe(200);
  setClock(new Date("2027-04-02T15:00:00Z"));
});
afterAll(() => setClock(undefined));

const setPayoutDetails = (ownerId: number, body: unknown) =>
  call(payoutDetailsRoute.PUT, "PUT", `/api/owners/${ownerId}/payout-details`, {
    key: keys.staff,
    params: { id: String(ownerId) },
    body,
  });

const run = (m: string, key = keys.staff) =>
  call(statementsRoute.POST, "POST", "/api/statements", { key, body: { month: m } });
const get = async (handler: typeof payoutCsvRoute.GET, params: Record<string, string>) => {
  const res = await handler(
    new Request("http://localhost/api/statements", { headers: { Authorization: `Bearer ${keys.staff}` } }),
    { params: Promise.resolve(params) },
  );
  return res;
};

describe("the monthly run", () => {
  it("makes a statement per licensee (each request here has its own) per owner and a payout batch due by the 20th (an owner without bank details held); running the month again changes nothing", async () => {
    const first = await run(month);
    expect(first.status).toBe(201);
    expect(first.body.statements.map((s: { earned: string }) => s.earned).sort()).toEqual([
      "43.66",
      "43.66",
      "43.66",
      "43.66",
      "43.68",
      "43.68",
    ]);
    expect(first.body.payoutBatch).toMatchObject({ total: "174.64", paidAt: null, dueOn: "2027-04-20" });
    expect(first.body.payoutBatch.items).toHaveLength(2);
    expect(first.body.payoutBatch.held).toEqual([
      {
        ownerId: song.owners[2]!.id,
        ownerName: "Small Share Songs",
        amount: "87.36",
        reason: "no bank details",
        dueOn: "2027-04-20",
        overdue: false,
        lateFee: "0.00",
      },
    ]);
    const counts = await rowCounts(db());
    const again = await run(month);
    expect(again.status).toBe(200);
    expect({ ...again.body }).toEqual(first.body);
    expect(await rowCounts(db())).toEqual(counts);
  });

  it("gives each owner's statement as CSV (cells that could run as formulas neutralised) and PDF", async () => {
    const ownerId = String(song.owners[0]!.id);
    const csv = await (await get(statementCsvRoute.GET, { month, ownerId, licenseeId })).text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "month,licensee,licensee_address,owner,request,kind,title,writers,playing_time,principal_artist,label,catalog_number,isrc,configuration,units,rate,share_percent,royalty,posted_on",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `${month},Test Licensee LLC,"100 Congress Avenue, Austin, TX 78701, US","'=HYPERLINK(""http://evil.example"")",${firstRequest},licensed,Yesterday,"Ada Writer; Ben Composer",3:20,The Test Band,,,,Digital Downloads,1000,0.1310,33.33,43.66,2027-03-10`,
    );
    const pdf = await get(statementPdfRoute.GET, { month, ownerId, licenseeId });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain(`Statement of account ${month}`);
    expect(text).toContain("1,000 units at $0.1310; share 33.33%; royalty $43.66");
    // The bank upload: the one place the full bank details appear; the held owner is not in it.
    const payouts = (await (await get(payoutCsvRoute.GET, { month })).text()).trim().split("\r\n");
    expect(payouts[0]).toBe(
      "payee_id,payee_name,payee_email,account_holder,iban,routing_number,account_number,royalties,late_fee,amount,currency,reference",
    );
    expect(payouts).toHaveLength(3);
    expect(payouts).toContain(
      `${song.owners[0]!.id},"'=HYPERLINK(""http://evil.example"")",a@example.com,Evil Holder,DE89370400440532013000,,,87.32,0.00,87.32,USD,CoverDesk royalties ${month}`,
    );
    expect(payouts).toContain(
      `${song.owners[1]!.id},"Bee Music, Inc.",,"Bee Music, Inc.",,021000021,123456789,87.32,0.00,87.32,USD,CoverDesk royalties ${month}`,
    );
    expect(payouts.join("\n")).not.toContain("Small Share Songs");
  });

  it("marking the batch paid posts the payouts once: the paid owners are owed nothing more, the held one all it was owed", async () => {
    const paid = await call(payoutsPaidRoute.POST, "POST", `/api/statements/${month}/payouts/paid`, {
      key: keys.staff,
      params: { month },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.payoutBatch.paidAt).not.toBeNull();
    const balances = await call(ownerBalancesRoute.GET, "GET", "/api/owner-balances", { key: keys.staff });
    expect(balances.body.map((b: { owed: string; paidOut: string }) => [b.paidOut, b.owed]).sort()).toEqual([
      ["0.00", "87.36"],
      ["87.32", "0.00"],
      ["87.32", "0.00"],
    ]);
    expectProblem(
      await call(payoutsPaidRoute.POST, "POST", `/api/statements/${month}/payouts/paid`, {
        key: keys.staff,
        params: { month },
      }),
      409,
      "nothing_to_pay",
    );
  });

  it("refuses a month that has not ended (409), an earlier month after a later one (409) and no month (400)", async () => {
    expectProblem(await run("2027-04"), 409, "month_not_ended");
    expectProblem(await run("2999-01"), 409, "month_not_ended");
    expectProblem(await run("2020-01"), 409, "invalid_transition");
    expectProblem(await run("2026-13"), 400, "validation_failed");
  });

  it("is the staff's: a client key gets 403", async () => {
    expectProblem(await run(month, keys.client), 403, "forbidden");
  });
});

describe("npm run statements", { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-statements-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The command in this process, as `npm run statements` runs it, on an embedded database in its own folder.
  const cli = (...args: string[]) => runInProcess(statementsCli, args, { PGLITE_DIR: path.join(dir, "pglite") });

  it.each([[["--help"]], [["--month"]], [["--month", "2026-13"]], [["--mnth", "2026-11"]], [[]]])(
    "%j prints the usage and exits 2",
    async (args) => {
      expect(await cli(...args)).toMatchObject({ code: 2, stdout: "", stderr: expect.stringContaining("Usage:") });
    },
  );

  it("runs a month once; the second run says it was already made", async () => {
    expect(inject("dbTemplate")).toBeDefined();
    const first = await cli("--month", "2026-01");
    expect(first).toMatchObject({
      code: 0,
      stdout: "Made statements for 2026-01: 0 statements, payouts $0.00 to 0 owners.\n",
    });
    const second = await cli("--month", "2026-01");
    expect(second).toMatchObject({
      code: 0,
      stdout: "Already made: statements for 2026-01: 0 statements, payouts $0.00 to 0 owners.\n",
    });
  });
});
