import { isoDay } from "@/lib/clock";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as feeScheduleRoute from "@/app/api/fee-schedule/route";
import * as invoicePdfRoute from "@/app/api/invoices/[id]/pdf/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as filingRoute from "@/app/api/requests/[id]/owners/[ownerId]/filing/route";
import * as notFoundRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-not-found/route";
import { requestCosts } from "@/db/schema";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { pdfText } from "../helpers/pdf-text";
import { expectProblem } from "../helpers/problem";
import { addSong, linkSong, payAndBegin, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Office Fee Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, songBody({ title: "Paper Lanterns" }));
});

const onCd = (title = "Paper Lanterns") =>
  requestBody({
    track: {
      song: { title, originalRecordingArtist: "The Lamps" },
      releases: [{ formatId: 1001, releaseQuantity: 1000, releaseMonth: 1, releaseYear: 2099 }],
    },
  });

const getRequest = (id: number) =>
  call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } });
const markNotFound = (id: number, ownerId: number) =>
  call(notFoundRoute.POST, "POST", `/api/requests/${id}/owners/${ownerId}/owner-not-found`, {
    key: keys.staff,
    params: { id: String(id), ownerId: String(ownerId) },
  });

/** A CD request paid for and in licensing, both of its owners missing from the Copyright Office's records. */
async function bothOwnersNotFound(title?: string) {
  const { id } = await fileRequest(keys.client, onCd(title));
  await linkSong(keys.staff, id, song.id);
  await setStatus(keys.staff, id, { code: "ready" });
  expect((await payAndBegin(keys, id)).status).toBe(200);
  for (const owner of song.owners) expect((await markNotFound(id, owner.id)).status).toBe(200);
  return id;
}

describe("the quote discloses the Copyright Office's filing fee", () => {
  it("on a physical format: the fee per title billed if an owner can't be found; nothing on a digital one", async () => {
    const cd = (await fileRequest(keys.client, onCd())) as Awaited<ReturnType<typeof fileRequest>> & {
      amountDue: { officeFee: string; officeFeeNote: string | null };
    };
    const note = "If an owner can't be found, the Copyright Office's filing fee of $75.00 per title is billed.";
    expect(cd.amountDue).toMatchObject({ officeFee: "0.00", officeFeeNote: note });
    expect((await getRequest(cd.id)).body.amountDue).toMatchObject({ officeFee: "0.00", officeFeeNote: note });
    const download = (await fileRequest(keys.client, requestBody())) as typeof cd;
    expect(download.amountDue).toMatchObject({ officeFee: "0.00", officeFeeNote: null });
  });
});

describe("one filing fee per title, on its own invoice line", () => {
  it("two owners not found on one title: one cost, one fee to bill, one line, invoiced once", async () => {
    const id = await bothOwnersNotFound();
    const costs = await db().select().from(requestCosts).where(eq(requestCosts.requestId, id));
    expect(costs).toHaveLength(1);
    const before = (await getRequest(id)).body.amountDue;
    expect(before).toMatchObject({ officeFee: "75.00", paid: false });

    const issued = await issueInvoice(keys.client, [id]);
    expect(issued.status).toBe(201);
    const invoice = issued.body as InvoiceBody & { lines: { description: string }[] };
    // Both shares are not payable, so no royalty is owed and the service fee was paid: only the Office's fee.
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        kind: "office_fee",
        requestId: id,
        description: "Copyright Office filing fee: Paper Lanterns",
        royalty: "0.00",
        fee: "75.00",
        amount: "75.00",
      }),
    ]);
    expect(invoice.total).toBe("75.00");
    expectProblem(await issueInvoice(keys.client, [id]), 409, "nothing_to_invoice");

    // The filing covers every owner of the title: its document names the one fee for each.
    for (const owner of song.owners) {
      const res = await filingRoute.GET(
        new Request(`http://localhost/api/requests/${id}/owners/${owner.id}/filing`, {
          headers: { Authorization: `Bearer ${keys.staff}` },
        }),
        { params: Promise.resolve({ id: String(id), ownerId: String(owner.id) }) },
      );
      expect(res.status).toBe(200);
      const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
      expect(text).toContain("Filing fee $75.00 (one title)");
    }

    const pdf = await invoicePdfRoute.GET(
      new Request(`http://localhost/api/invoices/${invoice.id}/pdf`, {
        headers: { Authorization: `Bearer ${keys.client}` },
      }),
      { params: Promise.resolve({ id: String(invoice.id) }) },
    );
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("Copyright Office filing fee: Paper Lanterns: $75.00");

    if (invoice.due !== "0.00") {
      const paid = await recordPayment(keys.staff, invoice.id, {
        amount: invoice.due,
        reference: "TRF-OFFICE",
        receivedOn: isoDay(),
      });
      expect(paid.body.status).toBe("paid");
    }
    expect((await getRequest(id)).body.amountDue).toMatchObject({ officeFee: "75.00", paid: true });
  });

  it("volume discounts never reduce the Office's fee", async () => {
    const put = (tiers: { fromSong: number; discountPercent: number }[]) =>
      call(feeScheduleRoute.PUT, "PUT", "/api/fee-schedule", {
        key: keys.staff,
        body: { songFee: "16.99", reorderPercent: 50, tiers },
      });
    expect((await put([{ fromSong: 2, discountPercent: 50 }])).status).toBe(200);
    try {
      const a = await bothOwnersNotFound("Paper Lanterns");
      const b = await bothOwnersNotFound("Paper Lanterns");
      const issued = await issueInvoice(keys.client, [a, b]);
      expect(issued.status).toBe(201);
      const invoice = issued.body as InvoiceBody;
      expect(invoice.lines.map((l) => [l.kind, l.fee])).toEqual([
        ["office_fee", "75.00"],
        ["office_fee", "75.00"],
      ]);
      expect(invoice.total).toBe("150.00");
    } finally {
      await put([
        { fromSong: 10, discountPercent: 10 },
        { fromSong: 50, discountPercent: 20 },
      ]);
    }
  });

  it("the ledger balances", async () => {
    const unbalanced = await db().execute(
      sql`select entry_id from ledger_postings group by entry_id having sum(amount) <> 0`,
    );
    expect(unbalanced.rows).toEqual([]);
  });
});
