"use server";

import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { acceptanceSchema } from "@/lib/licensing/acceptance-schema";
import { markOwnerIdentified } from "@/lib/licensing/mark-owner-identified";
import { markOwnerNotFound } from "@/lib/licensing/mark-owner-not-found";
import { recordAcceptance } from "@/lib/licensing/stream-license";
import { serveNotice } from "@/lib/licensing/serve-notice";
import { serveNoticeSchema } from "@/lib/licensing/serve-notice-schema";
import { acknowledgeChanges } from "@/lib/requests/acknowledge-changes";
import { linkSong } from "@/lib/requests/link-song";
import { moveRequest } from "@/lib/workflow/move-request";
import { assignRequest, claimRequest } from "@/lib/requests/assign-request";
import { fastTrackReorder } from "@/lib/workflow/fast-track-reorder";
import { assignSchema, linkSongSchema, statusChangeSchema } from "@/lib/workflow/status-schemas";
import { STATUSES } from "@/lib/requests/statuses";

// The staff workspace's forms: the same schemas and use cases as the staff API, and like the API the caller's
// role is checked before anything it sent is parsed. Each answers what to tell the employee when it went through.
const staff = (doing: string, requestId: number) =>
  ({ roles: ["employee"], doing, revalidate: [`/staff/requests/${requestId}`] }) as const;
const requestIdOf = (requestId: number) => pathId(String(requestId), "Request");

export async function linkSongAction(requestId: number, values: unknown) {
  const options = { ...staff("link requests to catalog songs", requestId), schema: linkSongSchema, values };
  return formAction(options, async ({ db, actor, input }) => {
    await linkSong(db, actor, requestIdOf(requestId), input.songId);
    return "Linked.";
  });
}

export async function changeStatusAction(requestId: number, values: unknown) {
  const options = { ...staff("change a request's status", requestId), schema: statusChangeSchema, values };
  return formAction(options, async ({ db, actor, input }) => {
    const request = await moveRequest(db, actor, requestIdOf(requestId), input);
    return `Moved to "${STATUSES[request.status.code].label}".`;
  });
}

export async function acknowledgeChangesAction(requestId: number) {
  return formAction(staff("acknowledge a client's changes", requestId), async ({ db, actor }) => {
    await acknowledgeChanges(db, actor, requestIdOf(requestId));
    return "Acknowledged.";
  });
}

export async function serveNoticeAction(requestId: number, ownerId: number, values: unknown) {
  const options = { ...staff("serve notices of intention", requestId), schema: serveNoticeSchema, values };
  return formAction(options, async ({ db, actor, input }) => {
    await serveNotice(db, actor, requestIdOf(requestId), pathId(String(ownerId), "Owner"), input);
    return "Served.";
  });
}

export async function recordAcceptanceAction(requestId: number, ownerId: number, values: unknown) {
  const options = { ...staff("record copyright owners' acceptances", requestId), schema: acceptanceSchema, values };
  return formAction(options, async ({ db, actor, input }) => {
    const request = await recordAcceptance(db, actor, requestIdOf(requestId), pathId(String(ownerId), "Owner"), input);
    return request.status.code === "licensed"
      ? "Accepted: every owner has accepted, the request is licensed."
      : "Accepted.";
  });
}

export async function markOwnerNotFoundAction(requestId: number, ownerId: number) {
  return formAction(
    staff("record owners missing from the Copyright Office's records", requestId),
    async ({ db, actor }) => {
      const notice = await markOwnerNotFound(db, actor, requestIdOf(requestId), pathId(String(ownerId), "Owner"));
      return notice.route === "copyright_office"
        ? "To be filed with the Copyright Office."
        : "Recorded: no filing is possible.";
    },
  );
}

export async function markOwnerIdentifiedAction(requestId: number, ownerId: number) {
  return formAction(staff("record owners identified after being not found", requestId), async ({ db, actor }) => {
    await markOwnerIdentified(db, actor, requestIdOf(requestId), pathId(String(ownerId), "Owner"));
    return "Identified: their share is payable from now on and is invoiced as a top-up.";
  });
}

const assignedTo = (a: { assignee: { name: string } | null }) =>
  a.assignee ? `Assigned to ${a.assignee.name}.` : "Assigned to no one.";

export async function claimRequestAction(requestId: number) {
  return formAction(staff("assign requests", requestId), async ({ db, actor }) =>
    assignedTo(await claimRequest(db, actor, requestIdOf(requestId))),
  );
}

export async function assignRequestAction(requestId: number, values: unknown) {
  const options = { ...staff("assign requests", requestId), schema: assignSchema, values };
  return formAction(options, async ({ db, actor, input }) =>
    assignedTo(await assignRequest(db, actor, requestIdOf(requestId), input.userId)),
  );
}

export async function fastTrackReorderAction(requestId: number) {
  return formAction(staff("change a request's status", requestId), async ({ db, actor }) => {
    await fastTrackReorder(db, actor, requestIdOf(requestId));
    return `Moved to "${STATUSES.need_payment.label}".`;
  });
}
