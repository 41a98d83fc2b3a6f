import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { requestActions } from "@/lib/requests/request-actions";
import { STATUS_CODES, STATUSES, statusView, type StatusCode } from "@/lib/requests/statuses";
import { admin, employee, licensee, member } from "../helpers/actors";

// What the request pages offer each kind of person, status by status, and the reason they read when refused.

type Medley = { kind: "whole"; partCount: number; parts: [] } | null;
const due = (paid: boolean) => ({
  royalty: "12.40",
  fee: "15.00",
  officeFee: "0.00",
  total: "27.40",
  currency: "USD" as const,
  provisional: false,
  paid,
  invoiceId: null,
  credited: "0.00",
  creditedOn: null,
  officeFeeNote: null,
});

/** A request as the page reads it; licensees are never shown what it owes. */
function request(code: StatusCode, { reader = admin, paid = false, medley = null as Medley } = {}) {
  return {
    id: 7,
    status: statusView(code, code === "cannot_license" ? "other" : null),
    licensingBegun: STATUSES[code].licensingBegun,
    medley,
    ...(reader.kind === "licensee" ? {} : { amountDue: due(paid) }),
  };
}

const actions = (actor: Actor, code: StatusCode, options: { paid?: boolean; medley?: Medley } = {}) =>
  requestActions(actor, request(code, { reader: actor, ...options }));

describe("Cancel request", () => {
  const cancellable: StatusCode[] = ["new", "need_info", "ready", "need_payment"];
  it.each(STATUS_CODES)(
    "from %s: offered to client staff exactly before licensing begins, from a status that may be cancelled",
    (code) => {
      for (const client of [admin, member]) {
        const cancel = actions(client, code).cancel;
        if (cancellable.includes(code)) expect(cancel).toEqual({ allowed: true });
        else if (STATUSES[code].licensingBegun) {
          expect(cancel).toEqual({
            allowed: false,
            reason: "Licensing of this request has begun; it can no longer be cancelled.",
          });
        } else {
          expect(cancel).toEqual({
            allowed: false,
            reason: `A request that is "${STATUSES[code].label}" cannot move to "Cancelled"; it is final.`,
          });
        }
      }
    },
  );

  it.each([employee, licensee])("is never offered to $kind, who are told it is the client's", (actor) => {
    for (const code of STATUS_CODES) {
      expect(actions(actor, code).cancel).toEqual({ allowed: false, reason: "Only client staff can cancel requests." });
    }
  });
});

describe("Change status", () => {
  const next: [StatusCode, StatusCode[]][] = [
    ["new", ["need_info", "ready", "cannot_license"]],
    ["need_info", ["new", "cannot_license"]],
    ["ready", ["need_payment", "need_info", "cannot_license"]],
    ["need_payment", ["in_progress", "need_info", "cannot_license"]],
    ["in_progress", ["cannot_license"]],
  ];
  it.each(next)("from %s, staff are offered %j (never cancelled, never licensed)", (code, statuses) => {
    expect(actions(employee, code).changeStatus).toEqual({ allowed: true, nextStatuses: statuses });
  });

  it.each(["licensed", "cannot_license", "cancelled"] as const)(
    "from %s, staff are told the status is final",
    (code) => {
      expect(actions(employee, code).changeStatus).toEqual({
        allowed: false,
        reason: "This status is final.",
        nextStatuses: [],
      });
    },
  );

  it("offers a medley whole only the moves it does not make with its parts", () => {
    const medley: Medley = { kind: "whole", partCount: 2, parts: [] };
    expect(actions(employee, "new", { medley }).changeStatus.nextStatuses).toEqual(["need_info", "cannot_license"]);
    expect(actions(employee, "ready", { medley }).changeStatus.nextStatuses).toEqual(["need_info", "cannot_license"]);
    expect(actions(employee, "need_payment", { medley }).changeStatus.nextStatuses).toEqual([
      "need_info",
      "cannot_license",
    ]);
  });

  it.each([admin, member, licensee])("is refused to $kind with the staff-only reason", (actor) => {
    for (const code of STATUS_CODES) {
      expect(actions(actor, code).changeStatus).toEqual({
        allowed: false,
        reason: "Only service staff can change a request's status.",
        nextStatuses: [],
      });
    }
  });
});

describe("Download the license and License more units", () => {
  it.each(STATUS_CODES)("from %s", (code) => {
    for (const actor of [employee, admin, member, licensee]) {
      const { downloadLicense, reorder } = actions(actor, code);
      if (code === "licensed") expect(downloadLicense).toEqual({ allowed: true });
      else {
        expect(downloadLicense).toEqual({
          allowed: false,
          reason: `Request 7 is "${STATUSES[code].label}"; its license document exists once it is licensed.`,
        });
      }
      if (actor.kind !== "client")
        expect(reorder).toEqual({ allowed: false, reason: "Only client staff can reorder." });
      else if (code === "licensed") expect(reorder).toEqual({ allowed: true });
      else
        expect(reorder).toEqual({
          allowed: false,
          reason: "More units are licensed once this request is licensed, or from the album page.",
        });
    }
  });
});

describe("Payment needed", () => {
  it.each(STATUS_CODES)("from %s: shown to those who see the amount while it waits for payment, unpaid", (code) => {
    for (const actor of [employee, admin, member]) {
      expect(actions(actor, code).pay).toEqual(
        code === "need_payment"
          ? { allowed: true }
          : { allowed: false, reason: `The request is "${STATUSES[code].label}": it is not waiting for payment.` },
      );
    }
    expect(actions(licensee, code).pay).toEqual({
      allowed: false,
      reason: "Only client staff and service staff see what a request owes.",
    });
  });

  it("is not shown once paid", () => {
    expect(actions(admin, "need_payment", { paid: true }).pay).toEqual({
      allowed: false,
      reason: "The request is paid.",
    });
  });

  it.each([
    [admin, { allowed: true }],
    [member, { allowed: true }],
    [employee, { allowed: false, reason: "Only client staff can see the account's billing." }],
    [licensee, { allowed: false, reason: "Only client staff can see the account's billing." }],
  ] as const)("points $0.kind to Billing to issue the invoice: %j", (actor, answer) => {
    expect(actions(actor, "need_payment").openBilling).toEqual(answer);
  });
});

describe("The licensee's page and the API ids", () => {
  it.each([employee, admin, member])("are offered to $kind", (actor) => {
    expect(actions(actor, "new").openLicensee).toEqual({ allowed: true });
    expect(actions(actor, "new").seeApiIds).toEqual({ allowed: true });
  });

  it("are not offered to a licensee user, who is told why", () => {
    expect(actions(licensee, "new").openLicensee).toEqual({
      allowed: false,
      reason: "You are this licensee's user; its page is about your own details.",
    });
    expect(actions(licensee, "new").seeApiIds).toEqual({
      allowed: false,
      reason: "Licensee users have no API access; the ids are for client staff and service staff.",
    });
  });
});
