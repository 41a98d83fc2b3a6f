import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { findRequestView } from "./request-view";
import type { StatusCode } from "./statuses";

/** The request as GET /api/requests/{id} shows it to its client staff, as it stands in this transaction. */
const viewFor = (tx: Conn, accountId: number, requestId: number) => findRequestView(tx, { accountId }, requestId);

/**
 * `request.status_changed` (with the codes it moved between) and, on `licensed`, `request.licensed` and
 * `license.issued` (where its license document is read).
 */
export async function enqueueStatusChange(
  tx: Conn,
  request: { id: number; accountId: number },
  from: StatusCode,
  to: StatusCode,
) {
  const data = async () => ({ from, to, request: await viewFor(tx, request.accountId, request.id) });
  await enqueueWebhookEvent(tx, {
    accountId: request.accountId,
    type: "request.status_changed",
    requestId: request.id,
    data,
  });
  if (to === "licensed") {
    const licensed = async () => ({ request: await viewFor(tx, request.accountId, request.id) });
    await enqueueWebhookEvent(tx, {
      accountId: request.accountId,
      type: "request.licensed",
      requestId: request.id,
      data: licensed,
    });
    const license = async () => ({
      requestId: request.id,
      url: `/api/requests/${request.id}/license`,
      request: await viewFor(tx, request.accountId, request.id),
    });
    await enqueueWebhookEvent(tx, {
      accountId: request.accountId,
      type: "license.issued",
      requestId: request.id,
      data: license,
    });
  }
}

/**
 * `request.created` for every request filed, whatever the channel (the API, the portal's wizard, an import, a
 * reorder): a program that keeps a copy learns of them all from one place.
 */
export async function enqueueRequestsFiled(tx: Conn, client: Extract<Actor, { kind: "client" }>, requestIds: number[]) {
  for (const requestId of requestIds) {
    const data = async () => ({ request: await viewFor(tx, client.accountId, requestId) });
    await enqueueWebhookEvent(tx, { accountId: client.accountId, type: "request.created", requestId, data });
  }
}
