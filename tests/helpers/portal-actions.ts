// Every portal server action, with who may run it: the table tests/integration/portal-access.test.ts runs as each role.
import { isoDay } from "@/lib/clock";
import * as acceptInvitationActions from "@/app/accept-invitation/actions";
import * as albumActions from "@/app/albums/[id]/actions";
import * as reorderActions from "@/app/albums/[id]/reorder/actions";
import * as salesActions from "@/app/albums/[id]/sales-actions";
import * as wallActions from "@/app/albums/[id]/wall/actions";
import * as forgotPasswordActions from "@/app/forgot-password/actions";
import * as importActions from "@/app/imports/actions";
import * as licenseeActions from "@/app/licensees/[id]/actions";
import * as peopleActions from "@/app/people/actions";
import * as requestActions from "@/app/requests/[id]/actions";
import * as newRequestActions from "@/app/requests/new/actions";
import * as resetPasswordActions from "@/app/reset-password/actions";
import * as billingActions from "@/app/billing/actions";
import * as ownerActions from "@/app/staff/owners/actions";
import * as apiKeyActions from "@/app/settings/api-keys/actions";
import * as profileActions from "@/app/settings/profile/actions";
import * as webhookActions from "@/app/settings/webhooks/actions";
import * as accountActions from "@/app/staff/accounts/actions";
import * as feeActions from "@/app/staff/fees/actions";
import * as rateActions from "@/app/staff/rates/actions";
import * as outboxActions from "@/app/staff/outbox/actions";
import * as paymentActions from "@/app/staff/payments/actions";
import * as queueActions from "@/app/staff/queue/actions";
import * as staffRequestActions from "@/app/staff/requests/[id]/actions";
import * as songActions from "@/app/staff/songs/actions";
import * as statementActions from "@/app/staff/statements/actions";
import * as streamingActions from "@/app/staff/streaming-services/actions";
import { csvTemplate } from "@/lib/imports/csv-columns";
import { NEW_PASSWORD, PASSWORD } from "./people";
import {
  ANY_USER,
  CLIENT_ADMIN,
  CLIENT_ADMIN_OWN,
  CLIENT_INVITE,
  CLIENT_OR_STAFF_WRITE,
  CLIENT_WRITE,
  form,
  mapOk,
  marginForm,
  READ,
  salesForm,
  STAFF,
  type ActionRow,
  type Outcome,
} from "./portal-access-roles";

const song = (title: string) => ({ title, writers: ["W"], owners: [{ name: "O", share: 100 }] });

export const ACTION_ROWS: ActionRow[] = [
  {
    name: "albums/[id]#patchAlbumAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => albumActions.patchAlbumAction(t.albumId, { title: "Renamed" }),
  },
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
  {
    name: "albums/[id]/wall#postOnWall",
    expect: READ,
    call: (t) => wallActions.postOnWall(t.albumId, { message: "Hello" }),
  },
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
  {
    name: "imports#confirmImportAction",
    expect: CLIENT_WRITE,
    call: (t) => importActions.confirmImportAction(t.importId),
  },
  {
    name: "licensees/[id]#patchLicenseeAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => licenseeActions.patchLicenseeAction(t.licenseeId, { companyName: "Renamed LLC" }),
  },
  {
    name: "requests/[id]#cancelRequestAction",
    expect: CLIENT_WRITE,
    call: (t) => requestActions.cancelRequestAction(t.requestId),
  },
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
    // Names no id: another client searches its own account (and finds nothing); licensee users file no requests.
    name: "requests/new#findWizardLicensees",
    expect: { ...CLIENT_WRITE, otherClient: "ok" },
    call: () => newRequestActions.findWizardLicensees("licensee"),
  },
  {
    // The licensee id is a form value: another account's licensee is refused on that field exactly like a licensee id
    // of nobody (tests/integration/invitations.test.ts); employees invite licensee users from the account's page.
    name: "people#inviteAction",
    expect: { ...CLIENT_INVITE, otherClient: "validation_failed", employee: "validation_failed" },
    call: (t) =>
      peopleActions.inviteAction({
        email: `new-${t.requestId}@example.com`,
        name: "New",
        role: "licensee",
        licenseeId: t.licenseeId,
      }),
  },
  {
    name: "people#inviteToAccountAction",
    expect: STAFF,
    call: (t) =>
      peopleActions.inviteToAccountAction(t.accountId, {
        email: `to-${t.requestId}@example.com`,
        name: "New",
        role: "member",
      }),
  },
  {
    // Client staff search their own account whatever account is named; licensees may not look licensees up.
    name: "people#findLicenseesAction",
    expect: CLIENT_INVITE,
    call: (t) => peopleActions.findLicenseesAction(t.accountId, "licensee"),
  },
  {
    name: "people#resendInvitationAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => peopleActions.resendInvitationAction(t.invitationId),
  },
  {
    name: "people#revokeInvitationAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => peopleActions.revokeInvitationAction(t.invitationId),
  },
  {
    name: "people#deactivatePersonAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => peopleActions.deactivatePersonAction(t.memberId),
  },
  {
    name: "people#reactivatePersonAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => peopleActions.reactivatePersonAction(t.memberId),
  },
  {
    name: "people#changeRoleAction",
    expect: CLIENT_OR_STAFF_WRITE,
    call: (t) => peopleActions.changeRoleAction(t.memberId, "admin"),
  },
  {
    name: "settings/api-keys#createApiKeyAction",
    expect: CLIENT_ADMIN,
    call: () => apiKeyActions.createApiKeyAction({ name: "New key" }),
  },
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
  {
    name: "settings/webhooks#setWebhookEnabledAction",
    expect: CLIENT_ADMIN_OWN,
    call: (t) => webhookActions.setWebhookEnabledAction(t.webhookId, false),
  },
  {
    name: "settings/webhooks#resendWebhookDeliveryAction",
    expect: CLIENT_ADMIN_OWN,
    call: (t) => webhookActions.resendWebhookDeliveryAction(t.webhookId, t.deliveryId),
  },
  {
    name: "settings/webhooks#setWebhookEventsAction",
    expect: CLIENT_ADMIN_OWN,
    call: (t) => webhookActions.setWebhookEventsAction(t.webhookId, { events: ["wallpost.created", "invoice.paid"] }),
  },
  {
    name: "settings/webhooks#sendTestEventAction",
    expect: CLIENT_ADMIN_OWN,
    call: (t) => webhookActions.sendTestEventAction(t.webhookId),
  },
  {
    name: "settings/webhooks#rotateWebhookSecretAction",
    expect: CLIENT_ADMIN_OWN,
    call: (t) => webhookActions.rotateWebhookSecretAction(t.webhookId),
  },
  {
    name: "settings/webhooks#deleteWebhookAction",
    expect: CLIENT_ADMIN_OWN,
    call: (t) => webhookActions.deleteWebhookAction(t.webhookId),
  },
  {
    name: "settings/profile#updateProfileAction",
    expect: ANY_USER,
    call: () => profileActions.updateProfileAction({ name: "Renamed Person" }),
  },
  {
    // Everyone signed in may; a wrong current password is refused by the use case's own rule, not by role.
    name: "settings/profile#changePasswordAction",
    expect: mapOk(ANY_USER, "validation_failed"),
    call: () =>
      profileActions.changePasswordAction({
        currentPassword: "wrong password",
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      }),
  },
  {
    // Client staff and licensee users choose their own; employees have no optional news.
    name: "settings/profile#setNotificationPreferencesAction",
    expect: { ...ANY_USER, employee: "forbidden" },
    call: () => profileActions.setNotificationPreferencesAction({ wall_post: "daily" }),
  },
  {
    name: "staff/accounts#createAccountAction",
    expect: STAFF,
    call: (t) =>
      accountActions.createAccountAction({
        name: `New ${t.requestId}`,
        admin: { email: `admin-${t.requestId}@example.com`, name: "A" },
      }),
  },
  {
    name: "staff/accounts#changeAccountAction",
    expect: STAFF,
    call: (t) => accountActions.changeAccountAction(t.accountId, { name: "Renamed" }),
  },
  {
    name: "staff/outbox#retryOutboxAction",
    expect: STAFF,
    call: (t) => outboxActions.retryOutboxAction(t.failedMailId),
  },
  {
    name: "staff/requests/[id]#linkSongAction",
    expect: STAFF,
    call: (t) => staffRequestActions.linkSongAction(t.requestId, { songId: t.songId }),
  },
  {
    name: "staff/requests/[id]#fastTrackReorderAction",
    expect: mapOk(STAFF, "invalid_transition"),
    call: (t) => staffRequestActions.fastTrackReorderAction(t.requestId),
  },
  {
    name: "staff/requests/[id]#claimRequestAction",
    expect: STAFF,
    call: (t) => staffRequestActions.claimRequestAction(t.requestId),
  },
  {
    name: "staff/requests/[id]#assignRequestAction",
    expect: STAFF,
    call: (t) => staffRequestActions.assignRequestAction(t.requestId, { userId: null }),
  },
  {
    name: "staff/requests/[id]#changeStatusAction",
    expect: STAFF,
    call: (t) => staffRequestActions.changeStatusAction(t.requestId, { code: "need_info", note: "Which version?" }),
  },
  {
    name: "staff/requests/[id]#acknowledgeChangesAction",
    expect: STAFF,
    call: (t) => staffRequestActions.acknowledgeChangesAction(t.requestId),
  },
  {
    name: "staff/queue#bulkStatusAction",
    expect: STAFF,
    call: (t) =>
      queueActions.bulkStatusAction({ requestIds: [t.requestId], code: "need_info", note: "Which version?" }),
  },
  {
    name: "staff/requests/[id]#serveNoticeAction",
    expect: STAFF,
    needs: "licensing",
    call: (t) =>
      staffRequestActions.serveNoticeAction(t.licensing!.requestId, t.licensing!.ownerId, {
        method: "mail",
        carrier: "USPS",
      }),
  },
  {
    // The licensing fixture is a download: its owners are served notices, not asked to accept.
    name: "staff/requests/[id]#recordAcceptanceAction",
    expect: mapOk(STAFF, "invalid_transition"),
    needs: "licensing",
    call: (t) =>
      staffRequestActions.recordAcceptanceAction(t.licensing!.requestId, t.licensing!.ownerId, {
        acceptedOn: "2026-11-20",
        reference: "Letter",
      }),
  },
  {
    name: "staff/streaming-services#addBlanketServiceAction",
    expect: STAFF,
    call: () => streamingActions.addBlanketServiceAction(form({ name: `Portal Radio ${crypto.randomUUID()}` })),
  },
  {
    name: "staff/streaming-services#removeBlanketServiceAction",
    expect: mapOk(STAFF, "not_found"),
    call: () => streamingActions.removeBlanketServiceAction(999999),
  },
  {
    name: "staff/requests/[id]#markOwnerNotFoundAction",
    expect: STAFF,
    needs: "licensing",
    call: (t) => staffRequestActions.markOwnerNotFoundAction(t.licensing!.requestId, t.licensing!.ownerId),
  },
  {
    name: "staff/requests/[id]#markOwnerIdentifiedAction",
    // The fixture's owner was never marked not found: the employee's call gets that far.
    expect: { ...STAFF, employee: "invalid_transition" },
    needs: "licensing",
    call: (t) => staffRequestActions.markOwnerIdentifiedAction(t.licensing!.requestId, t.licensing!.ownerId),
  },
  {
    name: "staff/songs#saveSongAction",
    expect: STAFF,
    call: (t) => songActions.saveSongAction(t.songId, song("Edited")),
  },
  {
    name: "staff/songs#setOwnerContactAction",
    expect: STAFF,
    needs: "licensing",
    call: (t) =>
      songActions.setOwnerContactAction(t.songId, t.licensing!.ownerId, {
        email: "o@example.com",
        postalAddress: "1 Main Street",
      }),
  },
  {
    name: "staff/songs#addSongForRequestAction",
    expect: STAFF,
    call: (t) => songActions.addSongForRequestAction(t.requestId, null, song("New")),
  },
  {
    // The request is new, not awaiting payment: the owning account's staff are told so; nobody else gets that far.
    name: "billing#issueInvoiceAction",
    expect: mapOk(CLIENT_WRITE, "not_invoiceable"),
    call: (t) => billingActions.issueInvoiceAction(form({ requestId: String(t.requestId) })),
  },
  {
    // Nothing on the new request's album waits for payment: the owning account's staff are told so; others get 404.
    name: "billing#issueAlbumInvoiceAction",
    expect: mapOk(CLIENT_WRITE, "nothing_to_invoice"),
    call: (t) => billingActions.issueAlbumInvoiceAction(form({ albumId: String(t.albumId) })),
  },
  {
    // The fixture's invoice has nothing due: the owning account's staff are told so; others get 404.
    name: "billing#payByCardAction",
    expect: mapOk(CLIENT_WRITE, "invoice_not_open"),
    needs: "invoice",
    call: (t) => billingActions.payByCardAction(form({ invoiceId: String(t.invoiceId) })),
  },
  {
    name: "staff/owners#setPayoutDetailsAction",
    expect: STAFF,
    needs: "licensing",
    call: (t) =>
      ownerActions.setPayoutDetailsAction(
        t.licensing!.ownerId,
        form({ kind: "iban", accountHolder: "Holder", iban: "GB82 WEST 1234 5698 7654 32" }),
      ),
  },
  {
    name: "staff/fees#updateFeeScheduleAction",
    expect: STAFF,
    call: () => feeActions.updateFeeScheduleAction(form({ songFee: "16.99", reorderPercent: "50" })),
  },
  {
    name: "staff/rates#enterStatutoryRatesAction",
    expect: STAFF,
    call: () => rateActions.enterStatutoryRatesAction(form({ year: "2027", perCopy: "13.10", perMinute: "2.52" })),
  },
  {
    name: "staff/payments#recordPaymentAction",
    expect: STAFF,
    needs: "invoice",
    call: (t) =>
      paymentActions.recordPaymentAction(
        t.invoiceId!,
        form({ amount: "1.00", reference: "TRF 1", receivedOn: isoDay() }),
      ),
  },
  {
    name: "staff/payments#voidInvoiceAction",
    expect: STAFF,
    needs: "invoice",
    call: (t) => paymentActions.voidInvoiceAction(t.invoiceId!),
  },
  {
    // The fixtures record no payment: the staff's answer is the form's not_found, after the role gate.
    name: "staff/payments#voidPaymentAction",
    expect: mapOk(STAFF, "not_found"),
    needs: "invoice",
    call: (t) => paymentActions.voidPaymentAction(t.invoiceId!, 999999, form({ reason: "Recorded by mistake" })),
  },
  {
    name: "staff/payments#refundAction",
    expect: STAFF,
    needs: "invoice",
    call: (t) => paymentActions.refundAction(t.invoiceId!, form({ amount: "1.00", reference: "REF 1" })),
  },
  {
    name: "staff/statements#runStatementsAction",
    expect: STAFF,
    call: () => statementActions.runStatementsAction(form({ month: "2026-10" })),
  },
  {
    name: "staff/statements#markPayoutsPaidAction",
    expect: STAFF,
    call: () => statementActions.markPayoutsPaidAction("2026-10"),
  },
];

/**
 * Actions for people who are not signed in, each bound to a one-time token or to the caller's own sign-in: the session
 * plays no part, so every role gets the same answer (checked below), and a token of nobody changes nothing.
 */
export const PUBLIC_ACTIONS: { name: string; call: () => Promise<unknown>; outcome: Outcome | string }[] = [
  {
    name: "accept-invitation#acceptInvitationAction",
    call: () =>
      acceptInvitationActions.acceptInvitationAction("no-such-token", {
        name: "X",
        password: PASSWORD,
        confirm: PASSWORD,
      }),
    outcome: "not_found",
  },
  {
    name: "reset-password#resetPasswordAction",
    call: () => resetPasswordActions.resetPasswordAction("no-such-token", { password: PASSWORD, confirm: PASSWORD }),
    outcome: "not_found",
  },
  {
    name: "forgot-password#forgotPasswordAction",
    call: () => forgotPasswordActions.forgotPasswordAction({ email: "nobody@example.com" }),
    outcome: "ok",
  },
];
/** Sign-in and sign-out act on the caller's own Auth.js cookie only; e2e/sign-in.spec.ts and e2e/session-end.spec.ts test them. */
export const SESSION_ACTIONS = ["login#loginAction", "login#signOutAction"];
