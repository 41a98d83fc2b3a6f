import { beforeAll, describe, expect, it, vi } from "vitest";
import * as billingActions from "@/app/billing/actions";
import * as balanceRoute from "@/app/api/account/balance/route";
import * as invoicesRoute from "@/app/api/invoices/route";
import { createApiKey } from "@/lib/auth/api-keys";
import { actorFromSessionUser, upsertUser, type SessionUser } from "@/lib/auth/users";
import { getBilling } from "@/lib/billing/get-billing";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { issueInvoice } from "../helpers/money";
import { clientStaff, PASSWORD } from "../helpers/people";
import { addSong, requestIn } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// docs/decisions/billing-for-members.md. The session is the test's (Auth.js decodes cookies inside Next's request
// scope only); lib/auth/session.ts still re-reads the user from the database.
const session = vi.hoisted(() => ({ current: null as { user: { id: string; sessionVersion: number } } | null }));
vi.mock("@/auth", () => ({
  auth: () => Promise.resolve(session.current),
  signIn: () => Promise.reject(new Error("not signed in through Auth.js here")),
  signOut: () => Promise.resolve(),
  SignInLocked: class extends Error {},
}));
vi.mock("next-auth", () => ({ AuthError: class extends Error {}, CredentialsSignin: class extends Error {} }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const db = setupTestDb();
const ACCOUNT = "Member Billing Records";
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
let member: SessionUser;
let licensee: SessionUser;
let memberKey: string;

const actingAs = (user: SessionUser) => {
  session.current = { user: { id: String(user.id), sessionVersion: user.sessionVersion } };
};
const issueByForm = (requestId: number) => {
  const data = new FormData();
  data.append("requestId", String(requestId));
  return billingActions.issueInvoiceAction(data);
};

beforeAll(async () => {
  const owner = await clientKey(db(), ACCOUNT);
  keys = { client: owner.key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
  member = (await clientStaff(db(), ACCOUNT, "member@billing.test", "member")).user;
  memberKey = (await createApiKey(db(), { accountId: owner.accountId, name: "member key", role: "member" })).key;
  const { licenseeId } = await fileRequest(keys.client);
  licensee = await upsertUser(db(), {
    email: "lena@billing.test",
    name: "Lena",
    password: PASSWORD,
    role: "licensee",
    accountId: owner.accountId,
    licenseeId,
  });
});

describe("members see Billing and issue invoices; licensees are refused", () => {
  it("a member in the portal sees Billing and issues an invoice from it", async () => {
    const id = await requestIn(keys, "need_payment", song);
    const billing = await getBilling(db(), actorFromSessionUser(member));
    expect(billing.awaitingInvoice.items.map((r) => r.id)).toContain(id);
    actingAs(member);
    const issued = await issueByForm(id);
    expect(issued).toEqual({ ok: true, data: { number: expect.any(String) } });
  });

  it("a member's API key reads the balance and invoices, and issues an invoice", async () => {
    const id = await requestIn(keys, "need_payment", song);
    expect((await call(balanceRoute.GET, "GET", "/api/account/balance", { key: memberKey })).status).toBe(200);
    expect((await call(invoicesRoute.GET, "GET", "/api/invoices", { key: memberKey })).status).toBe(200);
    expect((await issueInvoice(memberKey, [id])).status).toBe(201);
  });

  it("a licensee user gets neither Billing nor an invoice", async () => {
    const id = await requestIn(keys, "need_payment", song);
    await expect(getBilling(db(), actorFromSessionUser(licensee))).rejects.toMatchObject({ code: "forbidden" });
    actingAs(licensee);
    expect(await issueByForm(id)).toMatchObject({ ok: false, code: "forbidden" });
    // Nothing was issued: the request still waits for an invoice.
    const billing = await getBilling(db(), actorFromSessionUser(member));
    expect(billing.awaitingInvoice.items.map((r) => r.id)).toContain(id);
  });
});
