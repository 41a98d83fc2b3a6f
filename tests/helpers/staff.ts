import * as cancelRoute from "@/app/api/requests/[id]/cancel/route";
import * as linkRoute from "@/app/api/requests/[id]/link-song/route";
import * as acceptanceRoute from "@/app/api/requests/[id]/owners/[ownerId]/acceptance/route";
import * as noticeRoute from "@/app/api/requests/[id]/owners/[ownerId]/notice/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as statusRoute from "@/app/api/requests/[id]/status/route";
import * as songsRoute from "@/app/api/songs/route";
import { deadlineWindow } from "@/lib/licensing/notice-due-on";
import type { StatusCode } from "@/lib/requests/statuses";
import { call } from "./api";
import { fileRequest } from "./fixtures";
import { invoiceAndPay } from "./money";

/** A valid catalog song body: two owners at 60/40 unless overridden. */
export function songBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Moonlight Harbor",
    writers: ["Ada Writer", "Ben Composer"],
    owners: [
      {
        name: "Harbor Music Publishing",
        email: "rights@harbor.example.com",
        postalAddress: "1 Harbor Way\nNashville, TN 37203",
        share: 60,
      },
      { name: "Ben Composer Songs", postalAddress: "PO Box 40\nAustin, TX 78701", share: 40 },
    ],
    ...overrides,
  };
}

/** An owner a test leaves without a postal address gets one (null keeps none), so `serve` can serve it by mail. */
const withAddress = (owners: unknown) =>
  Array.isArray(owners)
    ? owners.map((o: unknown) =>
        o !== null && typeof o === "object" && !("postalAddress" in o)
          ? { ...o, postalAddress: "1 Test Street\nDover, DE 19901" }
          : o,
      )
    : owners;

/** Adds a catalog song; set-ups may add the same song twice (the duplicate check has its own tests). */
export async function addSong(key: string, body: unknown = songBody()) {
  const confirmed =
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? { confirmDuplicate: true, ...body, ...("owners" in body ? { owners: withAddress(body.owners) } : {}) }
      : body;
  const res = await call(songsRoute.POST, "POST", "/api/songs", { key, body: confirmed });
  if (res.status !== 201) throw new Error(`addSong failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    id: number;
    title: string;
    writers: string[];
    owners: { id: number; name: string; share: number }[];
  };
}

const params = (id: number) => ({ id: String(id) });

export const linkSong = (key: string, requestId: number, songId: number) =>
  call(linkRoute.POST, "POST", `/api/requests/${requestId}/link-song`, {
    key,
    params: params(requestId),
    body: { songId },
  });

export const setStatus = (key: string, requestId: number, body: Record<string, unknown>) =>
  call(statusRoute.POST, "POST", `/api/requests/${requestId}/status`, { key, params: params(requestId), body });

export const cancel = (key: string, requestId: number) =>
  call(cancelRoute.POST, "POST", `/api/requests/${requestId}/cancel`, { key, params: params(requestId) });

/**
 * Serves a notice, by default today by mail (`addSong` gives every owner a postal address unless told otherwise); the
 * rules of the day and the way have their own tests (notice-serving.test.ts, notice-rules.test.ts).
 */
export const serve = (
  key: string,
  requestId: number,
  ownerId: number,
  body: Record<string, unknown> = { method: "mail", carrier: "USPS" },
) =>
  call(noticeRoute.POST, "POST", `/api/requests/${requestId}/owners/${ownerId}/notice`, {
    key,
    params: { id: String(requestId), ownerId: String(ownerId) },
    body,
  });

/** Records an owner's written acceptance of a stream license (today, unless the body says otherwise). */
export const accept = (
  key: string,
  requestId: number,
  ownerId: number,
  body: Record<string, unknown> = { acceptedOn: deadlineWindow().today, reference: "Signed letter" },
) =>
  call(acceptanceRoute.POST, "POST", `/api/requests/${requestId}/owners/${ownerId}/acceptance`, {
    key,
    params: { id: String(requestId), ownerId: String(ownerId) },
    body,
  });

/**
 * From `ready`: payment is asked for and the client's invoice is paid in full, which begins licensing by itself
 * (a paid invoice moves its requests waiting for payment to in progress). Answers the request as it now is.
 */
export async function payAndBegin(keys: { client: string; staff: string }, requestId: number) {
  await ok(setStatus(keys.staff, requestId, { code: "need_payment" }));
  await invoiceAndPay(keys, [requestId]);
  const now = await call(requestRoute.GET, "GET", `/api/requests/${requestId}`, {
    key: keys.staff,
    params: params(requestId),
  });
  if (now.body?.status?.code !== "in_progress")
    throw new Error(`expected the paid request in progress, got ${JSON.stringify(now.body?.status)}`);
  return now;
}

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Files a request as the client and drives it through the real endpoints to `status` (invoiced and paid before licensing). */
export async function requestIn(
  keys: { client: string; staff: string },
  status: StatusCode,
  song: { id: number; owners: { id: number }[] },
  body?: unknown,
): Promise<number> {
  const { id } = await fileRequest(keys.client, body);
  const drive: Record<StatusCode, () => Promise<unknown>> = {
    new: async () => {},
    need_info: () => ok(setStatus(keys.staff, id, { code: "need_info", note: "Which version?" })),
    ready: async () => {
      await ok(linkSong(keys.staff, id, song.id));
      await ok(setStatus(keys.staff, id, { code: "ready" }));
    },
    need_payment: async () => {
      await drive.ready();
      await ok(setStatus(keys.staff, id, { code: "need_payment" }));
    },
    in_progress: async () => {
      await drive.ready();
      await ok(payAndBegin(keys, id));
    },
    licensed: async () => {
      await drive.in_progress();
      // A stream license is the owners' acceptance; every other format's is the served notices.
      const streams = (body as { track?: { releases?: { formatId?: number }[] } } | undefined)?.track?.releases?.[0];
      for (const owner of song.owners)
        await ok(streams?.formatId === 1003 ? accept(keys.staff, id, owner.id) : serve(keys.staff, id, owner.id));
    },
    cannot_license: () => ok(setStatus(keys.staff, id, { code: "cannot_license", reason: "changed_lyrics" })),
    cancelled: () => ok(cancel(keys.client, id)),
  };
  await drive[status]();
  return id;
}
