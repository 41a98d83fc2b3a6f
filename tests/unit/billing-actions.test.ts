import { describe, expect, it } from "vitest";
import { billingActions } from "@/lib/money/billing-actions";
import { admin, employee, licensee, member } from "../helpers/actors";

// What the Billing page offers each kind of person, and the reason they read when refused.

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
