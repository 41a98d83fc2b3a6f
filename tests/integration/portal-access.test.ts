import { eq } from "drizzle-orm";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as acceptInvitationActions from "@/app/accept-invitation/actions";
import * as albumActions from "@/app/albums/[id]/actions";
import AlbumPage from "@/app/albums/[id]/page";
import * as reorderActions from "@/app/albums/[id]/reorder/actions";
import * as salesActions from "@/app/albums/[id]/sales-actions";
import ReorderPage from "@/app/albums/[id]/reorder/page";
import * as wallActions from "@/app/albums/[id]/wall/actions";
import AlbumWallPage from "@/app/albums/[id]/wall/page";
import * as forgotPasswordActions from "@/app/forgot-password/actions";
import * as importActions from "@/app/imports/actions";
import ImportPage from "@/app/imports/[id]/page";
import * as licenseeActions from "@/app/licensees/[id]/actions";
import LicenseePage from "@/app/licensees/[id]/page";
import * as peopleActions from "@/app/people/actions";
import * as requestActions from "@/app/requests/[id]/actions";
import RequestPage from "@/app/requests/[id]/page";
import * as newRequestActions from "@/app/requests/new/actions";
import * as resetPasswordActions from "@/app/reset-password/actions";
import * as billingActions from "@/app/billing/actions";
import * as ownerActions from "@/app/staff/owners/actions";
import * as apiKeyActions from "@/app/settings/api-keys/actions";
import * as profileActions from "@/app/settings/profile/actions";
import * as webhookActions from "@/app/settings/webhooks/actions";
import * as accountActions from "@/app/staff/accounts/actions";
import AccountPage from "@/app/staff/accounts/[id]/page";
import AccountAuditPage from "@/app/staff/accounts/[id]/audit/page";
import VerifyLicensePage from "@/app/verify/[code]/page";
import * as feeActions from "@/app/staff/fees/actions";
import * as outboxActions from "@/app/staff/outbox/actions";
import * as paymentActions from "@/app/staff/payments/actions";
import * as queueActions from "@/app/staff/queue/actions";
import InvoicePage from "@/app/staff/payments/[id]/page";
import * as staffRequestActions from "@/app/staff/requests/[id]/actions";
import StaffRequestPage from "@/app/staff/requests/[id]/page";
import * as songActions from "@/app/staff/songs/actions";
import SongPage from "@/app/staff/songs/[id]/page";
import * as statementActions from "@/app/staff/statements/actions";
import StatementMonthPage from "@/app/staff/statements/[month]/page";
import { outboxMessages, requests } from "@/db/schema";
import { createApiKey } from "@/lib/auth/api-keys";
import { csvTemplate } from "@/lib/imports/csv-columns";
import { upsertUser, type SessionUser } from "@/lib/auth/users";
import { invitePerson } from "@/lib/people/invite-person";
import { clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { fileIds, type Ids } from "../helpers/id-routes";
import { clientStaff, employee, NEW_PASSWORD, PASSWORD } from "../helpers/people";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";
import { openInvoiceFixture } from "../helpers/money";
import { databaseSnapshot } from "../helpers/row-counts";

// The session cookie is decoded by Auth.js inside Next's request scope, which a test does not have: `auth()` answers
// the session of the role under test instead. Everything after it is real: lib/auth/session.ts re-reads the user
// (and its session version) from the database, and the action or page runs against the real database.
const session = vi.hoisted(() => ({ current: null as { user: { id: string; sessionVersion: number } } | null }));
vi.mock("@/auth", () => ({
  auth: () => Promise.resolve(session.current),
  signIn: () => Promise.reject(new Error("not signed in through Auth.js here")),
  signOut: () => Promise.resolve(),
  SignInLocked: class extends Error {},
}));
vi.mock("next-auth", () => ({ AuthError: class extends Error {}, CredentialsSignin: class extends Error {} }));
// Page caches belong to Next's server; outside it there is nothing to revalidate.
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const db = setupTestDb();

const ROLES = ["owner", "otherClient", "licensee", "otherLicensee", "employee", "signedOut"] as const;
type Role = (typeof ROLES)[number];
/** `sign_in`: sent to the sign-in page; `not_found`: the 404 of an id that is not the caller's; `forbidden`: 403. */
type Outcome = "ok" | "not_found" | "forbidden" | "sign_in";
type Expect = Record<Role, Outcome | "validation_failed" | "invalid_transition" | "nothing_to_invoice">;
const mapOk = (expect: Expect, to: Expect[Role]): Expect =>
  Object.fromEntries(ROLES.map((role) => [role, expect[role] === "ok" ? to : expect[role]])) as Expect;

// product.md §1, as outcomes per role. "owner" is an admin of the owning account, "licensee" a user of the album's
// licensee, "otherLicensee" a user of another licensee of the same account.
const READ: Expect = { owner: "ok", otherClient: "not_found", licensee: "ok", otherLicensee: "not_found", employee: "ok", signedOut: "sign_in" };
const CLIENT_OR_STAFF_WRITE: Expect = { ...READ, licensee: "forbidden", otherLicensee: "forbidden" };
const CLIENT_WRITE: Expect = { ...CLIENT_OR_STAFF_WRITE, employee: "forbidden" };
const STAFF: Expect = { owner: "forbidden", otherClient: "forbidden", licensee: "forbidden", otherLicensee: "forbidden", employee: "ok", signedOut: "sign_in" };
const STAFF_PAGE: Expect = { ...STAFF, owner: "not_found", otherClient: "not_found", licensee: "not_found", otherLicensee: "not_found" };
const ANY_USER: Expect = { owner: "ok", otherClient: "ok", licensee: "ok", otherLicensee: "ok", employee: "ok", signedOut: "sign_in" };
const CLIENT_ADMIN_OWN: Expect = { ...CLIENT_OR_STAFF_WRITE, employee: "forbidden" };
const CLIENT_ADMIN: Expect = { ...CLIENT_ADMIN_OWN, otherClient: "ok" };
const CLIENT_INVITE: Expect = { ...ANY_USER, licensee: "forbidden", otherLicensee: "forbidden" };

/** Everything one row addresses: a filed request of the owning account and what hangs on it. */
type Target = Ids & { invitationId: number; memberId: number; apiKeyId?: number; songId: number; failedMailId: number; invoiceId?: number; licensing?: { requestId: number; ownerId: number } };

/** `needs`: what a row's target needs beyond the request (made only where needed: an account has at most 20 keys). */
type Need = "licensing" | "apiKey" | "invoice";
type ActionRow = { name: string; expect: Expect; needs?: Need; call: (t: Target) => Promise<unknown> };

const song = (title: string) => ({ title, writers: ["W"], owners: [{ name: "O", share: 100 }] });

const ACTION_ROWS: ActionRow[] = [
  { name: "albums/[id]#patchAlbumAction", expect: CLIENT_OR_STAFF_WRITE, call: (t) => albumActions.patchAlbumAction(t.albumId, { title: "Renamed" }) },
  {
    name: "albums/[id]#patchTrackAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => albumActions.patchTrackAction(t.albumId, t.trackId, { lengthInSeconds: 201 }),
  },
  {
    name: "albums/[id]#patchReleaseAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => albumActions.patchReleaseAction(t.albumId, t.trackId, t.releaseId, { releaseQuantity: 1200 }),
  },
  {
    name: "albums/[id]/reorder#reorderAction",
    expect: CLIENT_WRITE,
    call: (t) => reorderActions.reorderAction(t.albumId, t.trackId, { formatId: 1002, releaseQuantity: 100 }),
  },
  {
    name: "albums/[id]#uploadSalesAction",
    expect: CLIENT_WRITE,
    call: (t) => salesActions.uploadSalesAction(t.albumId, salesForm(t)),
  },
  {
    // Nothing of the fixture's album sold over its licensed units: client staff get past the gates to that refusal.
    name: "albums/[id]#reorderShortfallAction",
    expect: mapOk(CLIENT_WRITE, "validation_failed"),
    call: (t) => salesActions.reorderShortfallAction(t.albumId, 1002, marginForm()),
  },
  { name: "albums/[id]/wall#loadWallPage", expect: READ, call: (t) => wallActions.loadWallPage(t.albumId, 0) },
  { name: "albums/[id]/wall#postOnWall", expect: READ, call: (t) => wallActions.postOnWall(t.albumId, { message: "Hello" }) },
  {
    // The post was written by the owning account's API key, private (the API's default): no licensee sees it.
    name: "albums/[id]/wall#deleteFromWall",
    expect: { ...CLIENT_OR_STAFF_WRITE, licensee: "not_found", otherLicensee: "not_found" },
    call: (t) => wallActions.deleteFromWall(t.albumId, t.wallPostId),
  },
  // Imports: client staff's, each into their own account.
  {
    name: "imports#uploadImportAction",
    expect: { ...CLIENT_WRITE, otherClient: "ok" },
    call: () => importActions.uploadImportAction({ filename: "access.csv", text: csvTemplate() }),
  },
  { name: "imports#confirmImportAction", expect: CLIENT_WRITE, call: (t) => importActions.confirmImportAction(t.importId) },
  {
    name: "licensees/[id]#patchLicenseeAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => licenseeActions.patchLicenseeAction(t.licenseeId, { companyName: "Renamed LLC" }),
  },
  { name: "requests/[id]#cancelRequestAction", expect: CLIENT_WRITE, call: (t) => requestActions.cancelRequestAction(t.requestId) },
  {
    // The album id is a form value, not a path: another account's album is still a 404.
    name: "requests/new#fileAlbumRequests",
    expect: CLIENT_WRITE,
    call: (t) =>
      newRequestActions.fileAlbumRequests({
        album: { id: t.albumId },
        release: { formatId: 1002, releaseQuantity: 100 },
        tracks: [{ song: { title: "Another Song", originalRecordingArtist: "Someone" } }],
      }),
  },
  {
    name: "requests/new#licenseeAlbums",
    expect: CLIENT_WRITE,
    call: (t) => newRequestActions.licenseeAlbums(t.licenseeId),
  },
  {
    // The licensee id is a form value: another account's licensee is refused on that field exactly like a licensee id
    // of nobody (tests/integration/invitations.test.ts); employees invite licensee users from the account's page.
    name: "people#inviteAction",
    expect: { ...CLIENT_INVITE, otherClient: "validation_failed", employee: "validation_failed" },
    call: (t) => peopleActions.inviteAction({ email: `new-${t.requestId}@example.com`, name: "New", role: "licensee", licenseeId: t.licenseeId }),
  },
  {
    name: "people#inviteToAccountAction",
    expect: STAFF,
    call: (t) => peopleActions.inviteToAccountAction(t.accountId, { email: `to-${t.requestId}@example.com`, name: "New", role: "member" }),
  },
  {
    // Client staff search their own account whatever account is named; licensees may not look licensees up.
    name: "people#findLicenseesAction",
    expect: CLIENT_INVITE,
    call: (t) => peopleActions.findLicenseesAction(t.accountId, "licensee"),
  },
  { name: "people#resendInvitationAction", expect: CLIENT_OR_STAFF_WRITE, call: (t) => peopleActions.resendInvitationAction(t.invitationId) },
  { name: "people#revokeInvitationAction", expect: CLIENT_OR_STAFF_WRITE, call: (t) => peopleActions.revokeInvitationAction(t.invitationId) },
  { name: "people#deactivatePersonAction", expect: CLIENT_OR_STAFF_WRITE, call: (t) => peopleActions.deactivatePersonAction(t.memberId) },
  { name: "people#reactivatePersonAction", expect: CLIENT_OR_STAFF_WRITE, call: (t) => peopleActions.reactivatePersonAction(t.memberId) },
  { name: "people#changeRoleAction", expect: CLIENT_OR_STAFF_WRITE, call: (t) => peopleActions.changeRoleAction(t.memberId, "admin") },
  { name: "settings/api-keys#createApiKeyAction", expect: CLIENT_ADMIN, call: () => apiKeyActions.createApiKeyAction({ name: "New key" }) },
  {
    name: "settings/api-keys#revokeApiKeyAction",
    expect: CLIENT_ADMIN_OWN,
    needs: "apiKey",
    call: (t) => apiKeyActions.revokeApiKeyAction(t.apiKeyId!),
  },
  {
    name: "settings/webhooks#createWebhookAction",
    expect: CLIENT_ADMIN,
    call: () => webhookActions.createWebhookAction({ url: "https://93.184.216.34/hook", events: ["wallpost.created"] }),
  },
  { name: "settings/webhooks#setWebhookEnabledAction", expect: CLIENT_ADMIN_OWN, call: (t) => webhookActions.setWebhookEnabledAction(t.webhookId, false) },
  {
    name: "settings/webhooks#resendWebhookDeliveryAction",
    expect: CLIENT_ADMIN_OWN,
    call: (t) => webhookActions.resendWebhookDeliveryAction(t.webhookId, t.deliveryId),
  },
  { name: "settings/webhooks#deleteWebhookAction", expect: CLIENT_ADMIN_OWN, call: (t) => webhookActions.deleteWebhookAction(t.webhookId) },
  { name: "settings/profile#updateProfileAction", expect: ANY_USER, call: () => profileActions.updateProfileAction({ name: "Renamed Person" }) },
  {
    // Everyone signed in may; a wrong current password is refused by the use case's own rule, not by role.
    name: "settings/profile#changePasswordAction",
    expect: mapOk(ANY_USER, "validation_failed"),
    call: () => profileActions.changePasswordAction({ currentPassword: "wrong password", password: NEW_PASSWORD, confirm: NEW_PASSWORD }),
  },
  {
    name: "staff/accounts#createAccountAction",
    expect: STAFF,
    call: (t) => accountActions.createAccountAction({ name: `New ${t.requestId}`, admin: { email: `admin-${t.requestId}@example.com`, name: "A" } }),
  },
  { name: "staff/accounts#changeAccountAction", expect: STAFF, call: (t) => accountActions.changeAccountAction(t.accountId, { name: "Renamed" }) },
  { name: "staff/outbox#retryOutboxAction", expect: STAFF, call: (t) => outboxActions.retryOutboxAction(t.failedMailId) },
  { name: "staff/requests/[id]#linkSongAction", expect: STAFF, call: (t) => staffRequestActions.linkSongAction(t.requestId, { songId: t.songId }) },
  { name: "staff/requests/[id]#fastTrackReorderAction", expect: mapOk(STAFF, "invalid_transition"), call: (t) => staffRequestActions.fastTrackReorderAction(t.requestId) },
  { name: "staff/requests/[id]#claimRequestAction", expect: STAFF, call: (t) => staffRequestActions.claimRequestAction(t.requestId) },
  { name: "staff/requests/[id]#assignRequestAction", expect: STAFF, call: (t) => staffRequestActions.assignRequestAction(t.requestId, { userId: null }) },
  {
    name: "staff/requests/[id]#changeStatusAction",
    expect: STAFF,
    call: (t) => staffRequestActions.changeStatusAction(t.requestId, { code: "need_info", note: "Which version?" }),
  },
  { name: "staff/requests/[id]#acknowledgeChangesAction", expect: STAFF, call: (t) => staffRequestActions.acknowledgeChangesAction(t.requestId) },
  {
    name: "staff/queue#bulkStatusAction",
    expect: STAFF,
    call: (t) => queueActions.bulkStatusAction({ requestIds: [t.requestId], code: "need_info", note: "Which version?" }),
  },
  {
    name: "staff/requests/[id]#serveNoticeAction",
    expect: STAFF,
    needs: "licensing",
    call: (t) => staffRequestActions.serveNoticeAction(t.licensing!.requestId, t.licensing!.ownerId, { method: "copyright_office" }),
  },
  {
    name: "staff/requests/[id]#markOwnerNotFoundAction",
    expect: STAFF,
    needs: "licensing",
    call: (t) => staffRequestActions.markOwnerNotFoundAction(t.licensing!.requestId, t.licensing!.ownerId),
  },
  { name: "staff/songs#saveSongAction", expect: STAFF, call: (t) => songActions.saveSongAction(t.songId, song("Edited")) },
  {
    name: "staff/songs#setOwnerContactAction",
    expect: STAFF,
    needs: "licensing",
    call: (t) => songActions.setOwnerContactAction(t.songId, t.licensing!.ownerId, { email: "o@example.com", postalAddress: "1 Main Street" }),
  },
  { name: "staff/songs#addSongForRequestAction", expect: STAFF, call: (t) => songActions.addSongForRequestAction(t.requestId, null, song("New")) },
  {
    // The request is new, not awaiting payment: the owning account's staff are told so; nobody else gets that far.
    name: "billing#issueInvoiceAction",
    expect: mapOk(CLIENT_WRITE, "invalid_transition"),
    call: (t) => billingActions.issueInvoiceAction(form({ requestId: String(t.requestId) })),
  },
  {
    // Nothing on the new request's album waits for payment: the owning account's staff are told so; others get 404.
    name: "billing#issueAlbumInvoiceAction",
    expect: mapOk(CLIENT_WRITE, "nothing_to_invoice"),
    call: (t) => billingActions.issueAlbumInvoiceAction(form({ albumId: String(t.albumId) })),
  },
  {
    name: "staff/owners#setPayoutDetailsAction",
    expect: STAFF,
    needs: "licensing",
    call: (t) =>
      ownerActions.setPayoutDetailsAction(t.licensing!.ownerId, form({ kind: "iban", accountHolder: "Holder", iban: "GB82 WEST 1234 5698 7654 32" })),
  },
  { name: "staff/fees#updateFeeScheduleAction", expect: STAFF, call: () => feeActions.updateFeeScheduleAction(form({ songFee: "16.99", reorderPercent: "50" })) },
  {
    name: "staff/payments#recordPaymentAction",
    expect: STAFF,
    needs: "invoice",
    call: (t) => paymentActions.recordPaymentAction(t.invoiceId!, form({ amount: "1.00", reference: "TRF 1", receivedOn: "2026-11-20" })),
  },
  { name: "staff/payments#voidInvoiceAction", expect: STAFF, needs: "invoice", call: (t) => paymentActions.voidInvoiceAction(t.invoiceId!) },
  {
    name: "staff/payments#refundAction",
    expect: STAFF,
    needs: "invoice",
    call: (t) => paymentActions.refundAction(t.invoiceId!, form({ amount: "1.00", reference: "REF 1" })),
  },
  { name: "staff/statements#runStatementsAction", expect: STAFF, call: () => statementActions.runStatementsAction(form({ month: "2026-10" })) },
  { name: "staff/statements#markPayoutsPaidAction", expect: STAFF, call: () => statementActions.markPayoutsPaidAction("2026-10") },
];

/** A portal form's values as the browser posts them. */
function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

/** The album page's sales upload: a one-line report of the target's track on its release. */
function salesForm(t: Target): FormData {
  const data = form({ releaseId: String(t.releaseId) });
  data.append("report", new File([`date,trackId,store,units,format\n2026-11-01,${t.trackId},Shop,1,1002\n`], "sales.csv", { type: "text/csv" }));
  return data;
}

const marginForm = () => form({ marginPercent: "10" });

/**
 * Actions for people who are not signed in, each bound to a one-time token or to the caller's own sign-in: the session
 * plays no part, so every role gets the same answer (checked below), and a token of nobody changes nothing.
 */
const PUBLIC_ACTIONS: { name: string; call: () => Promise<unknown>; outcome: Outcome | string }[] = [
  {
    name: "accept-invitation#acceptInvitationAction",
    call: () => acceptInvitationActions.acceptInvitationAction("no-such-token", { name: "X", password: PASSWORD, confirm: PASSWORD }),
    outcome: "not_found",
  },
  {
    name: "reset-password#resetPasswordAction",
    call: () => resetPasswordActions.resetPasswordAction("no-such-token", { password: PASSWORD, confirm: PASSWORD }),
    outcome: "not_found",
  },
  { name: "forgot-password#forgotPasswordAction", call: () => forgotPasswordActions.forgotPasswordAction({ email: "nobody@example.com" }), outcome: "ok" },
];
/** Sign-in and sign-out act on the caller's own Auth.js cookie only; e2e/sign-in.spec.ts and e2e/session-end.spec.ts test them. */
const SESSION_ACTIONS = ["login#loginAction", "login#signOutAction"];

type PageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string>> };
type PageRow = { page: string; expect: Expect; render: (props: PageProps) => Promise<unknown>; id: (t: Target) => string | number; needs?: Need };

const PAGE_ROWS: PageRow[] = [
  { page: "albums/[id]/page.tsx", expect: READ, render: AlbumPage, id: (t) => t.albumId },
  {
    // Reorders are client staff's: the page is not offered to others, and is their 404.
    page: "albums/[id]/reorder/page.tsx",
    expect: { ...READ, licensee: "not_found", otherLicensee: "not_found", employee: "not_found" },
    render: ReorderPage,
    id: (t) => t.albumId,
  },
  { page: "albums/[id]/wall/page.tsx", expect: READ, render: AlbumWallPage, id: (t) => t.albumId },
  {
    // Imports are client staff's and staff may read them; a licensee user's 404.
    page: "imports/[id]/page.tsx",
    expect: { ...READ, licensee: "not_found", otherLicensee: "not_found" },
    render: ImportPage,
    id: (t) => t.importId,
  },
  { page: "licensees/[id]/page.tsx", expect: READ, render: LicenseePage, id: (t) => t.licenseeId },
  { page: "requests/[id]/page.tsx", expect: READ, render: RequestPage, id: (t) => t.requestId },
  { page: "staff/accounts/[id]/page.tsx", expect: STAFF_PAGE, render: AccountPage, id: (t) => t.accountId },
  { page: "staff/accounts/[id]/audit/page.tsx", expect: STAFF_PAGE, render: AccountAuditPage, id: (t) => t.accountId },
  { page: "staff/requests/[id]/page.tsx", expect: STAFF_PAGE, render: StaffRequestPage, id: (t) => t.requestId },
  { page: "staff/payments/[id]/page.tsx", expect: STAFF_PAGE, render: InvoicePage, id: (t) => t.invoiceId!, needs: "invoice" },
  {
    page: "staff/statements/[month]/page.tsx",
    expect: STAFF_PAGE,
    render: (props) => StatementMonthPage({ ...props, params: props.params.then(({ id }) => ({ month: id })) }),
    id: () => "2026-10",
  },
  { page: "staff/songs/[id]/page.tsx", expect: STAFF_PAGE, render: SongPage, id: (t) => t.songId },
  {
    // Public: anyone with a license's code sees what it covers (and nothing private).
    page: "verify/[code]/page.tsx",
    expect: { owner: "ok", otherClient: "ok", licensee: "ok", otherLicensee: "ok", employee: "ok", signedOut: "ok" },
    render: (props) => VerifyLicensePage({ params: props.params.then(({ id }) => ({ code: id })) }),
    id: () => licensedCode,
  },
];

let owner: { key: string; accountId: number };
let keys: { client: string; staff: string };
let licensedCode: string;
const users = {} as Record<Exclude<Role, "signedOut">, SessionUser>;
const actingAs = (role: Role) => {
  session.current = role === "signedOut" ? null : { user: { id: String(users[role].id), sessionVersion: users[role].sessionVersion } };
};

beforeAll(async () => {
  owner = await clientKey(db(), "Portal Access Records");
  keys = { client: owner.key, staff: await staffKey(db()) };
  users.owner = (await clientStaff(db(), "Portal Access Records", "owner@access.test")).user;
  users.otherClient = (await clientStaff(db(), "Other Access Records", "other@access.test")).user;
  users.employee = (await employee(db(), "staff@access.test")).user;
  const otherBody = requestBody({ track: { album: { ...requestBody().track.album, licensee: { companyName: "Other LLC", lastName: "O", email: "o@example.com" } } } });
  const other = await fileIds(owner, otherBody);
  users.otherLicensee = await licenseeUser("other-licensee@access.test", other.licenseeId);
  const licensed = await requestIn(keys, "licensed", await addSong(keys.staff, songBody({ title: "Access Verified" })));
  const [row] = await db().select({ code: requests.verificationCode }).from(requests).where(eq(requests.id, licensed));
  licensedCode = row!.code!;
});

const licenseeUser = (email: string, licenseeId: string) =>
  upsertUser(db(), { email, name: "Lena", password: PASSWORD, role: "licensee", accountId: owner.accountId, licenseeId });

/** A fresh request of the owning account and what hangs on it; the album's licensee user is its licensee's. */
async function freshTarget(needs?: Need): Promise<Target> {
  const ids = await fileIds(owner);
  users.licensee = await licenseeUser("licensee@access.test", ids.licenseeId);
  const member = (await clientStaff(db(), "Portal Access Records", `member-${ids.requestId}@access.test`, "member")).user;
  const ownerActor = { kind: "client", name: "o", accountId: owner.accountId, role: "admin", userId: users.owner.id, apiKeyId: null } as const;
  const invitation = await invitePerson(db(), ownerActor, { email: `invited-${ids.requestId}@example.com`, name: "I", role: "member" });
  const catalogSong = await addSong(keys.staff, songBody({ title: `Access ${ids.requestId}` }));
  const [mail] = await db()
    .insert(outboxMessages)
    .values({ recipients: ["x@example.com"], subject: "Undelivered", body: "b", status: "failed" })
    .returning({ id: outboxMessages.id });
  const target: Target = {
    ...ids,
    invitationId: invitation.id,
    memberId: member.id,
    songId: catalogSong.id,
    failedMailId: mail!.id,
  };
  if (needs === "apiKey") target.apiKeyId = (await createApiKey(db(), { accountId: owner.accountId, name: `key ${ids.requestId}` })).record.id;
  if (needs === "invoice") target.invoiceId = await openInvoiceFixture(owner.accountId);
  if (needs === "licensing") target.licensing = { requestId: await requestIn(keys, "in_progress", catalogSong), ownerId: catalogSong.owners[0]!.id };
  return target;
}

/** What a call came to, as the user would see it. */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome | string> {
  try {
    const result = (await run()) as { ok: boolean; code?: string } | null;
    if (result && typeof result === "object" && "ok" in result && !result.ok) return result.code ?? "failed";
    return "ok";
  } catch (err) {
    const digest = String((err as { digest?: unknown }).digest ?? "");
    if (digest.startsWith("NEXT_REDIRECT")) return digest.split(";")[2] === "/login" ? "sign_in" : "ok";
    if (digest === "NEXT_HTTP_ERROR_FALLBACK;404") return "not_found";
    if (digest === "NEXT_HTTP_ERROR_FALLBACK;403") return "forbidden";
    throw err;
  }
}

/** Refused roles first (each must leave the database as it was), then the allowed ones. */
const inOrder = (expect: Expect) => [...ROLES].sort((a, b) => Number(expect[a] === "ok") - Number(expect[b] === "ok"));

describe("every portal server action, as each role", () => {
  it.each(ACTION_ROWS.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    let target = await freshTarget(row.needs);
    let used = false;
    for (const role of inOrder(row.expect)) {
      // Each allowed call gets its own target: the one before it may have cancelled, revoked or deactivated it.
      if (used) target = await freshTarget(row.needs);
      actingAs(role);
      const before = await databaseSnapshot(db());
      const outcome = await outcomeOf(() => row.call(target));
      expect(outcome, `${row.name} as ${role}`).toBe(row.expect[role]);
      if (outcome === "ok") used = true;
      else expect(await databaseSnapshot(db()), `${row.name} as ${role} changed the database`).toEqual(before);
    }
  });

  it.each(PUBLIC_ACTIONS.map((row) => [row.name, row] as const))("%s answers every role alike", async (_name, row) => {
    await freshTarget();
    for (const role of ROLES) {
      actingAs(role);
      const before = await databaseSnapshot(db());
      expect(await outcomeOf(row.call), `${row.name} as ${role}`).toBe(row.outcome);
      if (row.outcome !== "ok") expect(await databaseSnapshot(db())).toEqual(before);
    }
  });
});

describe("every portal page with an id, as each role", () => {
  it.each(PAGE_ROWS.map((row) => [row.page, row] as const))("%s", async (_page, row) => {
    const target = await freshTarget(row.needs);
    for (const role of ROLES) {
      actingAs(role);
      const props = { params: Promise.resolve({ id: String(row.id(target)) }), searchParams: Promise.resolve({}) };
      expect(await outcomeOf(() => row.render(props)), `${row.page} as ${role}`).toBe(row.expect[role]);
    }
  });
});

describe("the tables above", () => {
  const appDir = path.join(process.cwd(), "app");
  const files = readdirSync(appDir, { recursive: true, encoding: "utf8" });

  it("have a row for every exported server action", async () => {
    const listed = new Set([...ACTION_ROWS.map((r) => r.name), ...PUBLIC_ACTIONS.map((r) => r.name), ...SESSION_ACTIONS]);
    const actionFiles = files.filter((f) => /\.tsx?$/.test(f) && /^["']use server["']/m.test(readFileSync(path.join(appDir, f), "utf8")));
    const missing: string[] = [];
    for (const file of actionFiles) {
      const mod = (await import(path.join(appDir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        const row = `${path.dirname(file)}#${name}`;
        if (typeof value === "function" && !listed.has(row)) missing.push(row);
      }
    }
    expect(actionFiles.length).toBeGreaterThan(10);
    expect(missing, "add these server actions to tests/integration/portal-access.test.ts").toEqual([]);
  });

  it("have a row for every page with an id in its path", () => {
    const idPages = files.filter((f) => path.basename(f) === "page.tsx" && /\[(?!\.\.\.)[^\]]+\]/.test(f) && !f.startsWith("api"));
    expect(idPages.length).toBeGreaterThan(0);
    expect(idPages.filter((f) => !PAGE_ROWS.some((r) => r.page === f)), "add these pages to tests/integration/portal-access.test.ts").toEqual([]);
  });
});
