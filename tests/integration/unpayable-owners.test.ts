import { isoDay } from "@/lib/clock";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as balanceRoute from "@/app/api/account/balance/route";
import * as ownerBalancesRoute from "@/app/api/owner-balances/route";
import * as licenseRoute from "@/app/api/requests/[id]/license/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as identifiedRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-identified/route";
import * as notFoundRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-not-found/route";
import { listOwing } from "@/lib/billing/requests-owing";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { pdfText } from "../helpers/pdf-text";
import { expectProblem } from "../helpers/problem";
import { addSong, linkSong, payAndBegin, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let accountId: number;
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  const client = await clientKey(db(), "Unpayable Records");
  keys = { client: client.key, staff: await staffKey(db()) };
  accountId = client.accountId;
  // Harbor Music Publishing 60%, Ben Composer Songs 40%.
  song = await addSong(keys.staff, songBody({ title: "Night Ferry" }));
});

const params = (id: number, ownerId: number) => ({ id: String(id), ownerId: String(ownerId) });
const getRequest = (id: number) =>
  call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } });
const markNotFound = (id: number, ownerId: number) =>
  call(notFoundRoute.POST, "POST", `/api/requests/${id}/owners/${ownerId}/owner-not-found`, {
    key: keys.staff,
    params: params(id, ownerId),
  });
const markIdentified = (id: number, ownerId: number, key = keys.staff) =>
  call(identifiedRoute.POST, "POST", `/api/requests/${id}/owners/${ownerId}/owner-identified`, {
    key,
    params: params(id, ownerId),
  });
const balance = async () =>
  (await call(balanceRoute.GET, "GET", "/api/account/balance", { key: keys.client })).body.balance as string;
const earned = async (ownerId: number) => {
  const res = await call(ownerBalancesRoute.GET, "GET", "/api/owner-balances", { key: keys.staff });
  return (res.body as { ownerId: number; earned: string }[]).find((o) => o.ownerId === ownerId)?.earned ?? "0.00";
};
async function licenseText(id: number) {
  const res = await licenseRoute.GET(
    new Request(`http://localhost/api/requests/${id}/license`, { headers: { Authorization: `Bearer ${keys.client}` } }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
}
/** Issues the client's invoice for the request and pays what the balance left due. */
async function invoiceAndPay(id: number) {
  const issued = await issueInvoice(keys.client, [id]);
  expect(issued.status).toBe(201);
  const invoice = issued.body as InvoiceBody;
  if (invoice.due !== "0.00") {
    const paid = await recordPayment(keys.staff, invoice.id, {
      amount: invoice.due,
      reference: `TRF-${invoice.number}`,
      receivedOn: isoDay(),
    });
    expect(paid.body.status).toBe("paid");
  }
  return invoice;
}

describe("an owner the Copyright Office's records don't identify is not paid for copies made before", () => {
  // 1000 downloads of a 3:20 song: $131.00, 60% ($78.60) to Harbor Music Publishing, 40% ($52.40) to Ben Composer Songs.
  let id: number;
  let harbor: { id: number; name: string };
  let ben: { id: number; name: string };
  beforeAll(async () => {
    harbor = song.owners[0]!;
    ben = song.owners[1]!;
    ({ id } = await fileRequest(
      keys.client,
      requestBody({ track: { song: { title: "Night Ferry", originalRecordingArtist: "The Ferrymen" } } }),
    ));
    await linkSong(keys.staff, id, song.id);
    await setStatus(keys.staff, id, { code: "ready" });
    expect((await payAndBegin(keys, id)).status).toBe(200);
  });

  it("marked not found after payment: their share leaves what the request owes and goes back to the balance", async () => {
    expect((await getRequest(id)).body.royalty).toMatchObject({ total: "131.00", notPayable: "0.00" });
    const before = Number(await balance());
    expect((await markNotFound(id, harbor.id)).status).toBe(200);
    const view = (await getRequest(id)).body;
    expect(view.royalty).toMatchObject({
      total: "131.00",
      notPayable: "78.60",
      notPayableOwners: [
        {
          ownerId: harbor.id,
          ownerName: "Harbor Music Publishing",
          amount: "78.60",
          reason: "not payable: owner not identified",
        },
      ],
    });
    expect(view.amountDue).toMatchObject({ royalty: "52.40", paid: true });
    expect((Number(await balance()) - before).toFixed(2)).toBe("78.60");
    // A digital release has no Office filing: nothing more is owed, nothing is left to invoice.
    expect(await listOwing(db(), { accountId })).toEqual([]);
  });

  it("licensed: the royalty collected goes to the owner who can be paid, none to the one not identified", async () => {
    // A digital release cannot be licensed on a share nobody can be served: until Harbor is identified, only Ben's
    // notice is served.
    expect((await serve(keys.staff, id, ben.id)).body.status.code).toBe("in_progress");
    expect(await earned(harbor.id)).toBe("0.00");
  });

  it("identified later: their share is owed again as a top-up, the invoice holds it, and paying it pays that owner", async () => {
    const balanceBefore = await balance();
    const res = await markIdentified(id, harbor.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ownerNotFound: true, ownerIdentified: true, route: "owner" });
    const view = (await getRequest(id)).body;
    expect(view.royalty).toMatchObject({ notPayable: "0.00", notPayableOwners: [] });
    expect(view.amountDue).toMatchObject({ royalty: "131.00", paid: false });
    expect(await listOwing(db(), { accountId })).toEqual([
      expect.objectContaining({ id, topUp: true, royalty: "78.60", fee: "0.00", total: "78.60" }),
    ]);
    // The balance (Harbor's share given back) pays the top-up first.
    const invoice = await invoiceAndPay(id);
    expect(invoice.lines).toEqual([expect.objectContaining({ kind: "request", royalty: "78.60", fee: "0.00" })]);
    expect((Number(await balance()) - Number(balanceBefore)).toFixed(2)).toBe("-78.60");
    expect((await serve(keys.staff, id, harbor.id)).body.status.code).toBe("licensed");
    expect(await earned(harbor.id)).toBe("78.60");
    expect(await earned(ben.id)).toBe("52.40");
    expect(await licenseText(id)).not.toContain("not payable");
  });

  it("is refused for an owner never marked not found (409), and to a client (403)", async () => {
    expectProblem(await markIdentified(id, ben.id), 409, "invalid_transition");
    expectProblem(await markIdentified(id, harbor.id, keys.client), 403, "forbidden");
  });
});

describe("a digital request that then cannot be licensed", () => {
  it("is credited once: the share given back earlier and the rest of its line add up to what was paid", async () => {
    const { id } = await fileRequest(
      keys.client,
      requestBody({ track: { song: { title: "Night Ferry", originalRecordingArtist: "The Ferrymen" } } }),
    );
    await linkSong(keys.staff, id, song.id);
    await setStatus(keys.staff, id, { code: "ready" });
    const before = Number(await balance());
    await payAndBegin(keys, id);
    // The balance may have paid part of it: what the client paid for the request is $147.99 either way.
    const paidFromBalance = before - Number(await balance());
    await markNotFound(id, song.owners[0]!.id);
    const moved = await setStatus(keys.staff, id, { code: "cannot_license", reason: "other", note: "Owner not found" });
    expect(moved.status).toBe(200);
    expect((Number(await balance()) - before + paidFromBalance).toFixed(2)).toBe("147.99");
  });
});

describe("on a physical release, filed with the Office", () => {
  it("the license shows the share as not payable, and the owners' payables leave it out", async () => {
    const other = await addSong(keys.staff, songBody({ title: "Slow Tide" }));
    const harbor = other.owners[0]!;
    const ben = other.owners[1]!;
    const { id } = await fileRequest(
      keys.client,
      requestBody({
        track: {
          song: { title: "Slow Tide", originalRecordingArtist: "The Tides" },
          releases: [{ formatId: 1001, releaseQuantity: 1000, releaseMonth: 1, releaseYear: 2099 }],
        },
      }),
    );
    await linkSong(keys.staff, id, other.id);
    await setStatus(keys.staff, id, { code: "ready" });
    await payAndBegin(keys, id);
    await markNotFound(id, harbor.id);
    const { royalty } = (await getRequest(id)).body;
    // The Office's filing fee is owed: the balance the unpayable share went back to pays it.
    await invoiceAndPay(id);
    await serve(keys.staff, id, harbor.id, { method: "copyright_office", filingReference: "CO-1" });
    expect((await serve(keys.staff, id, ben.id)).body.status.code).toBe("licensed");
    const payable = (Number(royalty.total) - Number(royalty.notPayable)).toFixed(2);
    expect(await earned(ben.id)).toBe(payable);
    expect(await earned(harbor.id)).toBe("0.00");
    const text = await licenseText(id);
    expect(text).toContain(
      "Harbor Music Publishing: 60%, held for an owner not identified in the Copyright Office's records, royalty not payable: owner not identified.",
    );
    expect(text).toContain(`Harbor Music Publishing's share $${royalty.notPayable}, not payable: owner not identified`);
  });

  it("the ledger balances and holds no royalty of a licensed request", async () => {
    const unbalanced = await db().execute(
      sql`select entry_id from ledger_postings group by entry_id having sum(amount) <> 0`,
    );
    expect(unbalanced.rows).toEqual([]);
    // Of each licensed request, the royalty paid is what went back to the balance plus what the owners are owed.
    const left = await db().execute<{ id: number; left: string }>(
      sql`select r.id, (coalesce((select sum(l.royalty) from invoice_lines l join invoices i on i.id = l.invoice_id
          where l.request_id = r.id and i.status = 'paid' and l.credited_at is null), 0) - r.credited_royalty
        + coalesce((select sum(p.amount) from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where e.request_id = r.id and e.kind = 'royalty_owed' and p.ledger_account = 'royalties_payable'), 0))::text as left
        from requests r where r.status_code = 'licensed'`,
    );
    expect(left.rows.length).toBe(2);
    expect(left.rows.map((r) => r.left)).toEqual(["0", "0"]);
  });
});
