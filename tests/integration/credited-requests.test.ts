import { beforeAll, describe, expect, it } from "vitest";
import * as invoiceRoute from "@/app/api/invoices/[id]/route";
import * as invoicesRoute from "@/app/api/invoices/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { isoDay } from "@/lib/clock";
import { invoiceDocument } from "@/lib/money/invoice-document";
import { call, clientKey, staffKey } from "../helpers/api";
import { issueInvoice, type InvoiceBody } from "../helpers/money";
import { pdfText } from "../helpers/pdf-text";
import { addSong, cancel, requestIn, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// A request that ends cannot_license or cancelled is credited: its view says what was credited, when, and that
// nothing is due; the invoice keeps its issued total and shows the credit beside it (docs/money.md, "Credited
// requests"; docs/decisions/credited-requests.md).
const db = setupTestDb();
let staff: string;
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  staff = await staffKey(db());
  song = await addSong(staff, songBody({ title: "Credit Where Due" }));
});

/** A client account of its own, so one test's credit to the balance never pays another's invoice. */
async function account(name: string) {
  const client = await clientKey(db(), name);
  return { client: client.key, staff, accountId: client.accountId };
}
type AmountDue = {
  royalty: string;
  fee: string;
  total: string;
  paid: boolean;
  credited: string;
  creditedOn: string | null;
};
const amountDue = async (key: string, id: number) => {
  const res = await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } });
  expect(res.status).toBe(200);
  return res.body.amountDue as AmountDue;
};
const invoice = async (key: string, id: number) => {
  const res = await call(invoiceRoute.GET, "GET", `/api/invoices/${id}`, { key, params: { id: String(id) } });
  expect(res.status).toBe(200);
  return res.body as InvoiceBody & { credited: string };
};

describe("a credited request owes nothing", () => {
  it("paid, then cannot_license: the view shows the credit and nothing due; the invoice keeps its total", async () => {
    const keys = await account("Credited After Paying");
    const id = await requestIn(keys, "in_progress", song);
    // Before: paid, nothing credited.
    expect(await amountDue(keys.client, id)).toMatchObject({
      total: "147.99",
      paid: true,
      credited: "0.00",
      creditedOn: null,
    });
    const moved = await setStatus(keys.staff, id, { code: "cannot_license", reason: "other", note: "No owner" });
    expect(moved.status).toBe(200);
    expect(await amountDue(keys.client, id)).toEqual(
      expect.objectContaining({
        royalty: "131.00",
        fee: "16.99",
        total: "0.00",
        paid: true,
        credited: "147.99",
        creditedOn: isoDay(),
      }),
    );
    const invoiceId = (await invoicesOf(keys.client))[0]!.id;
    expect(await invoice(keys.client, invoiceId)).toMatchObject({
      status: "paid",
      total: "147.99",
      credited: "147.99",
      due: "0.00",
    });
  });

  it("credited while its invoice is unpaid: the invoice has nothing outstanding, and says what was credited", async () => {
    const keys = await account("Credited Unpaid");
    const a = await requestIn(keys, "need_payment", song);
    const b = await requestIn(keys, "need_payment", song);
    const issued = (await issueInvoice(keys.client, [a, b])).body as InvoiceBody;
    expect(issued).toMatchObject({ total: "295.98", due: "295.98" });
    expect((await cancel(keys.client, a)).status).toBe(200);
    expect(await amountDue(keys.client, a)).toMatchObject({
      total: "0.00",
      paid: true,
      credited: "147.99",
      creditedOn: isoDay(),
    });
    // The other request still owes its part.
    expect(await amountDue(keys.client, b)).toMatchObject({ total: "147.99", paid: false, credited: "0.00" });
    expect(await invoice(keys.client, issued.id)).toMatchObject({
      status: "open",
      total: "295.98",
      credited: "147.99",
      due: "147.99",
    });
    expect((await invoicesOf(keys.client)).find((i) => i.id === issued.id)).toMatchObject({ credited: "147.99" });
    // Its PDF keeps the issued total and shows the credit beside it.
    const pdf = await pdfText(
      (await invoiceDocument(db(), { kind: "employee", name: "Sam", userId: null, apiKeyId: null }, issued.id)).bytes,
    );
    expect(pdf).toContain("$295.98 USD");
    expect(pdf).toMatch(/Credited\s*\$147\.99/);
    expect(pdf).toMatch(/Due\s*\$147\.99/);

    expect((await cancel(keys.client, b)).status).toBe(200);
    expect(await invoice(keys.client, issued.id)).toMatchObject({ total: "295.98", credited: "295.98", due: "0.00" });
  });

  it("cancelled before it was invoiced: nothing due, nothing credited", async () => {
    const keys = await account("Cancelled Early");
    const id = await requestIn(keys, "need_payment", song);
    expect((await cancel(keys.client, id)).status).toBe(200);
    expect(await amountDue(keys.client, id)).toMatchObject({
      total: "0.00",
      paid: true,
      credited: "0.00",
      creditedOn: null,
    });
  });
});

async function invoicesOf(key: string) {
  const res = await call(invoicesRoute.GET, "GET", "/api/invoices", { key });
  expect(res.status).toBe(200);
  return res.body as { id: number; credited: string }[];
}
