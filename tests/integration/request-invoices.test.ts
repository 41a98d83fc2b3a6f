import { beforeAll, describe, expect, it } from "vitest";
import * as voidRoute from "@/app/api/payments/[id]/void/route";
import type { Actor } from "@/lib/auth/actor";
import { isoDay } from "@/lib/clock";
import { getRequestDetails } from "@/lib/requests/get-request-details";
import { getRequestWorkspace } from "@/lib/staff/request-workspace";
import { call, clientKey, staffKey } from "../helpers/api";
import { issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { addSong, requestIn } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Reader", userId: null, apiKeyId: null };
let requestId: number;
let invoice: InvoiceBody;
let owner: Actor;
let other: Actor;
let licensee: Actor;

beforeAll(async () => {
  const staff = await staffKey(db());
  const song = await addSong(staff);
  const client = await clientKey(db(), "Shown Records");
  const keys = { client: client.key, staff };
  requestId = await requestIn(keys, "need_payment", song);
  invoice = (await issueInvoice(keys.client, [requestId])).body as InvoiceBody;
  const first = (
    await recordPayment(staff, invoice.id, {
      amount: "10.00",
      reference: "TRF-WRONG",
      receivedOn: isoDay(),
    })
  ).body as { payments: { id: number }[] };
  await call(voidRoute.POST, "POST", `/api/payments/${first.payments[0]!.id}/void`, {
    key: staff,
    params: { id: String(first.payments[0]!.id) },
    body: { reason: "Wrong invoice" },
  });
  await recordPayment(staff, invoice.id, {
    amount: "20.00",
    reference: "CHK-1",
    receivedOn: isoDay(),
    method: "check",
  });
  const view = await getRequestDetails(db(), employee, requestId);
  owner = { kind: "client", name: "Pat", accountId: client.accountId, role: "member", userId: null, apiKeyId: null };
  other = { ...owner, accountId: (await clientKey(db(), "Other Records")).accountId } as Actor;
  licensee = {
    kind: "licensee",
    name: "Lee",
    accountId: client.accountId,
    licenseeId: view.request.licenseeId,
    userId: 1,
  };
});

describe("the request pages show the request's invoices and what was paid", () => {
  it("the client's page: the invoice, due and by when, each payment with its method in words, the voided one marked", async () => {
    const { invoices } = await getRequestDetails(db(), owner, requestId);
    const due = (Number(invoice.total) - 20).toFixed(2);
    expect(invoices).toEqual([
      {
        id: invoice.id,
        number: invoice.number,
        status: "open",
        dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        total: invoice.total,
        due,
        payments: [
          expect.objectContaining({
            method: "Bank transfer",
            amount: "10.00",
            receivedOn: isoDay(),
            voidedAt: expect.any(String),
            voidReason: "Wrong invoice",
          }),
          expect.objectContaining({ method: "Check", amount: "20.00", receivedOn: isoDay(), voidedAt: null }),
        ],
      },
    ]);
  });

  it("the staff's page shows the same", async () => {
    const staffView = await getRequestWorkspace(db(), employee, requestId);
    const clientView = await getRequestDetails(db(), owner, requestId);
    expect(staffView.invoices).toEqual(clientView.invoices);
  });

  it("a licensee sees no invoice, another account not the request", async () => {
    expect((await getRequestDetails(db(), licensee, requestId)).invoices).toEqual([]);
    await expect(getRequestDetails(db(), other, requestId)).rejects.toMatchObject({ code: "not_found" });
  });
});
