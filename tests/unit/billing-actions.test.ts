import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { billingActions } from "@/lib/money/billing-actions";

// What the Billing page offers each kind of person, and the reason they read when refused.

const employee: Actor = { kind: "employee", name: "Sam Staff", userId: 1, apiKeyId: null };
const admin: Actor = { kind: "client", name: "Ada Admin", accountId: 5, role: "admin", userId: 10, apiKeyId: null };
const member: Actor = { kind: "client", name: "Max Member", accountId: 5, role: "member", userId: 11, apiKeyId: null };
const licensee: Actor = {
  kind: "licensee",
  name: "Lee",
  accountId: 5,
  licenseeId: "3f1c3b0e-8d3a-4c55-9b7a-2f9d2b4c6a10",
  userId: 12,
};

const waiting = (total: number) => ({ awaitingInvoice: { total } });
const billingIsClients = { allowed: false, reason: "Only client staff can see the account's billing." };

describe("billingActions", () => {
  it.each([
    ["client admin", admin, 3, { view: { allowed: true }, issueInvoice: { allowed: true } }],
    ["client member", member, 1, { view: { allowed: true }, issueInvoice: { allowed: true } }],
    [
      "client admin",
      admin,
      0,
      { view: { allowed: true }, issueInvoice: { allowed: false, reason: "No request is waiting for an invoice." } },
    ],
    ["employee", employee, 3, { view: billingIsClients, issueInvoice: billingIsClients }],
    ["licensee user", licensee, 3, { view: billingIsClients, issueInvoice: billingIsClients }],
  ] as const)("a %s with %i requests waiting: %j", (_who, actor, total, expected) => {
    expect(billingActions(actor, waiting(total))).toEqual(expected);
  });

  it("answers whether the page is the caller's before the billing is read", () => {
    expect(billingActions(member).view).toEqual({ allowed: true });
    expect(billingActions(licensee).view).toEqual(billingIsClients);
  });
});
