import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { ownerNotices } from "@/db/schema";
import { isoDay } from "@/lib/clock";
import { getRequestDetails } from "@/lib/requests/get-request-details";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, requestBody } from "../helpers/fixtures";
import { issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { addSong, requestIn } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let staff: string;
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  staff = await staffKey(db());
  song = await addSong(staff);
});

/** A client account of its own (its prepaid balance is its own) and how the client and staff read a request. */
async function account(name: string) {
  const client = await clientKey(db(), name);
  const keys = { client: client.key, staff };
  const view = async (id: number) =>
    (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } }))
      .body as { status: { code: string; note: string | null }; licensingBlockedBy: string[] };
  return { keys, view };
}

const pay = (invoice: { id: number }, amount: string, reference: string) =>
  recordPayment(staff, invoice.id, { amount, reference, receivedOn: isoDay() });

const noticesOf = async (requestId: number) =>
  (await db().select().from(ownerNotices).where(eq(ownerNotices.requestId, requestId))).length;

async function timelineMove(requestId: number) {
  const employee = { kind: "employee" as const, name: "Reader", userId: null, apiKeyId: null };
  const { timeline } = await getRequestDetails(db(), employee, requestId);
  return timeline.findLast((e) => e.to.code === "in_progress");
}

describe("a paid invoice begins licensing of its requests waiting for payment", () => {
  it("paid in full by transfer: each request in progress with its notices, moved by the employee who recorded it", async () => {
    const { keys, view } = await account("Transfer Records");
    const ids = [await requestIn(keys, "need_payment", song), await requestIn(keys, "need_payment", song)];
    const invoice = (await issueInvoice(keys.client, ids)).body as InvoiceBody;
    const paid = await pay(invoice, invoice.due, "TRF-FULL");
    expect(paid.status).toBe(201);
    const recorder = (paid.body as { payments: { recordedBy: string }[] }).payments[0]!.recordedBy;
    for (const id of ids) {
      expect((await view(id)).status).toMatchObject({ code: "in_progress", note: `Paid (invoice ${invoice.number})` });
      expect(await noticesOf(id)).toBe(song.owners.length);
      expect((await timelineMove(id))?.actor).toEqual({ kind: "employee", name: recorder });
    }
  });

  it("partly paid: the requests keep waiting for payment, no notice is created", async () => {
    const { keys, view } = await account("Partial Records");
    const id = await requestIn(keys, "need_payment", song);
    const invoice = (await issueInvoice(keys.client, [id])).body as InvoiceBody;
    expect((await pay(invoice, "10.00", "TRF-PART")).status).toBe(201);
    expect((await view(id)).status.code).toBe("need_payment");
    expect(await noticesOf(id)).toBe(0);
  });

  it("paid at issue by the prepaid balance: the request moves, by the payment", async () => {
    const { keys, view } = await account("Balance Records");
    // An overpayment of one invoice leaves its excess in the balance, which the next invoice draws on.
    const first = await requestIn(keys, "need_payment", song);
    const firstInvoice = (await issueInvoice(keys.client, [first])).body as InvoiceBody;
    const twice = (Number(firstInvoice.due) * 2).toFixed(2);
    expect((await pay(firstInvoice, twice, "TRF-TWICE")).status).toBe(201);
    const second = await requestIn(keys, "need_payment", song);
    const issued = await issueInvoice(keys.client, [second]);
    expect(issued.body).toMatchObject({ status: "paid", due: "0.00" });
    const number = (issued.body as InvoiceBody).number;
    expect((await view(second)).status).toMatchObject({
      code: "in_progress",
      note: `Paid from the balance (invoice ${number})`,
    });
    expect((await timelineMove(second))?.actor).toEqual({ kind: "employee", name: "payment" });
  });

  it("a licensee missing details: paid, the request stays waiting for payment and its page says why", async () => {
    const { keys, view } = await account("Incomplete Records");
    const { phone1: _phone, ...noPhone } = COMPLETE_LICENSEE;
    const body = requestBody();
    body.track.album.licensee = noPhone;
    const id = await requestIn(keys, "need_payment", song, body);
    expect((await view(id)).licensingBlockedBy).toEqual([]);
    const invoice = (await issueInvoice(keys.client, [id])).body as InvoiceBody;
    const paid = await pay(invoice, invoice.due, "TRF-INCOMPLETE");
    expect(paid.body).toMatchObject({ status: "paid" });
    expect(await view(id)).toMatchObject({
      status: { code: "need_payment" },
      licensingBlockedBy: ["licensee_incomplete"],
    });
    expect(await noticesOf(id)).toBe(0);
  });
});
