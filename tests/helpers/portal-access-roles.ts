// The roles, outcomes and targets of tests/integration/portal-access.test.ts: who may run each portal action and open
// each page (docs/product-rules.md, "Roles and visibility"), shared by its tables of actions (portal-actions.ts) and pages (portal-pages.ts).
import type { Ids } from "./id-routes";

export const ROLES = ["owner", "otherClient", "licensee", "otherLicensee", "employee", "signedOut"] as const;
export type Role = (typeof ROLES)[number];
/** `sign_in`: sent to the sign-in page; `not_found`: the 404 of an id that is not the caller's; `forbidden`: 403. */
export type Outcome = "ok" | "not_found" | "forbidden" | "sign_in";
export type Expect = Record<
  Role,
  Outcome | "validation_failed" | "invalid_transition" | "nothing_to_invoice" | "not_invoiceable" | "invoice_not_open"
>;
export const mapOk = (expect: Expect, to: Expect[Role]): Expect =>
  Object.fromEntries(ROLES.map((role) => [role, expect[role] === "ok" ? to : expect[role]])) as Expect;

// docs/product-rules.md, "Roles and visibility", as outcomes per role. "owner" is an admin of the owning account, "licensee" a user of the album's
// licensee, "otherLicensee" a user of another licensee of the same account.
export const READ: Expect = {
  owner: "ok",
  otherClient: "not_found",
  licensee: "ok",
  otherLicensee: "not_found",
  employee: "ok",
  signedOut: "sign_in",
};
export const CLIENT_OR_STAFF_WRITE: Expect = { ...READ, licensee: "forbidden", otherLicensee: "forbidden" };
export const CLIENT_WRITE: Expect = { ...CLIENT_OR_STAFF_WRITE, employee: "forbidden" };
export const STAFF: Expect = {
  owner: "forbidden",
  otherClient: "forbidden",
  licensee: "forbidden",
  otherLicensee: "forbidden",
  employee: "ok",
  signedOut: "sign_in",
};
export const STAFF_PAGE: Expect = {
  ...STAFF,
  owner: "not_found",
  otherClient: "not_found",
  licensee: "not_found",
  otherLicensee: "not_found",
};
export const ANY_USER: Expect = {
  owner: "ok",
  otherClient: "ok",
  licensee: "ok",
  otherLicensee: "ok",
  employee: "ok",
  signedOut: "sign_in",
};
export const CLIENT_ADMIN_OWN: Expect = { ...CLIENT_OR_STAFF_WRITE, employee: "forbidden" };
export const CLIENT_ADMIN: Expect = { ...CLIENT_ADMIN_OWN, otherClient: "ok" };
export const CLIENT_INVITE: Expect = { ...ANY_USER, licensee: "forbidden", otherLicensee: "forbidden" };

/** Everything one row addresses: a filed request of the owning account and what hangs on it. */
export type Target = Ids & {
  licensedCode: string;
  invitationId: number;
  memberId: number;
  apiKeyId?: number;
  songId: number;
  failedMailId: number;
  invoiceId?: number;
  licensing?: { requestId: number; ownerId: number };
};

/** `needs`: what a row's target needs beyond the request (made only where needed: an account has at most 20 keys). */
export type Need = "licensing" | "apiKey" | "invoice";
export type ActionRow = { name: string; expect: Expect; needs?: Need; call: (t: Target) => Promise<unknown> };

type PageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string>> };
export type PageRow = {
  page: string;
  expect: Expect;
  render: (props: PageProps) => Promise<unknown>;
  id: (t: Target) => string | number;
  needs?: Need;
};

/** A portal form's values as the browser posts them. */
export function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

/** The album page's sales upload: a one-line report of the target's track on its release. */
export function salesForm(t: Target): FormData {
  const data = form({ releaseId: String(t.releaseId) });
  data.append(
    "report",
    new File([`date,trackId,store,units,format\n2026-11-01,${t.trackId},Shop,1,1002\n`], "sales.csv", {
      type: "text/csv",
    }),
  );
  return data;
}

export const marginForm = () => form({ marginPercent: "10" });
