import type { Actor } from "@/lib/auth/actor";
import { allOf, allowed, permission, refused, type Permission } from "@/lib/auth/permission";
import { requireEmployee } from "@/lib/auth/require-employee";
import { assertLicenseReady } from "./license-ready";
import { requireBillingReader } from "@/lib/money/billing-rules";
import { assertCancellable } from "./cancel-request";
import type { RequestView } from "./request-view";
import { requireClient } from "@/lib/auth/require-client";
import { staffNextStatuses } from "./staff-moves";
import type { StatusCode } from "./statuses";

/** What the request pages need of a request to say what its viewer may do. */
type RequestState = Pick<RequestView, "id" | "licensingBegun" | "medley" | "amountDue"> & {
  status: Pick<RequestView["status"], "code" | "label">;
};

/**
 * Licensee users are the licensee: the pages name it without a link to its page. Shared by the album and request pages.
 */
export const openLicensee = (actor: Actor): Permission =>
  actor.kind === "licensee" ? refused("You are this licensee's user; its page is about your own details.") : allowed;

/** Licensee users have no API key, so the ids the API takes are not theirs to use. */
const seeApiIds = (actor: Actor): Permission =>
  actor.kind === "licensee"
    ? refused("Licensee users have no API access; the ids are for client staff and service staff.")
    : allowed;

/** Paying is due while the request waits for payment and is not paid; licensees never see what is owed. */
function pay(request: RequestState): Permission {
  if (!request.amountDue) return refused("Only client staff and service staff see what a request owes.");
  if (request.status.code !== "need_payment")
    return refused(`The request is "${request.status.label}": it is not waiting for payment.`);
  return request.amountDue.paid ? refused("The request is paid.") : allowed;
}

/**
 * What `actor` may do on the request pages (the client's and the staff's), each with the reason when refused. Every
 * answer comes from the rule its use case enforces: the license's (licenseDocument), cancelling's (cancelRequest),
 * the status moves staff make by hand (changeStatus), the reorder and billing gates.
 */
export function requestActions(actor: Actor, request: RequestState) {
  const downloadLicense = permission(() => assertLicenseReady(request));
  const staff = permission(() => requireEmployee(actor, "change a request's status"));
  const nextStatuses: StatusCode[] = staff.allowed
    ? staffNextStatuses(request.status.code, request.medley?.kind === "whole")
    : [];
  return {
    downloadLicense,
    /** "License more units": offered from a licensed request (the album page offers it at any time). */
    reorder: allOf(
      permission(() => requireClient(actor, "reorder")),
      downloadLicense.allowed
        ? allowed
        : refused("More units are licensed once this request is licensed, or from the album page."),
    ),
    cancel: permission(() =>
      assertCancellable(actor, { statusCode: request.status.code, licensingBegun: request.licensingBegun }),
    ),
    /** The statuses the caller may move the request to; refused (with why) when there are none. */
    changeStatus: {
      ...allOf(staff, nextStatuses.length > 0 ? allowed : refused("This status is final.")),
      nextStatuses,
    },
    pay: pay(request),
    /** Where a request waiting for an invoice gets one: the Billing page. */
    openBilling: permission(() => requireBillingReader(actor)),
    openLicensee: openLicensee(actor),
    seeApiIds: seeApiIds(actor),
  };
}
