import { Webhook } from "standardwebhooks";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as albumsRoute from "@/app/api/albums/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import { webhookEndpoints } from "@/db/schema";
import { isoDay } from "@/lib/clock";
import { drainImports } from "@/lib/imports/drain-imports";
import { webhookBodies } from "@/lib/openapi/views-events";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { drainWebhooks } from "@/lib/webhooks/deliver-webhooks";
import type { WebhookEvent } from "@/lib/webhooks/events";
import { call, staffKey } from "../helpers/api";
import { accountListening, readEvents } from "../helpers/events";
import { fileRequest } from "../helpers/fixtures";
import { postCheckedImport, importRow } from "../helpers/imports";
import { issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { clientStaff } from "../helpers/people";
import { licensedTwoTracks, salesCsv, uploadSales } from "../helpers/sales";
import { addSong, requestIn, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";
import { postToWall } from "../helpers/wall";
import type { Receiver } from "../helpers/webhooks";

const db = setupTestDb();
let staff: string;
let song: Awaited<ReturnType<typeof addSong>>;
let receivers: Receiver[] = [];

beforeAll(async () => {
  staff = await staffKey(db());
  song = await addSong(staff);
});
beforeEach(() => {
  vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", "127.0.0.1");
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", "2000");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
  await db().delete(webhookEndpoints);
});

const title = (t: string) => ({ title: t, originalRecordingArtist: "Someone" });
const albumBody = (name: string) => ({
  album: {
    title: `${name} Album`,
    artist: "The Band",
    licensee: { companyName: `${name} LLC`, email: "r@band.example" },
  },
  release: { formatId: 1002, releaseQuantity: 100 },
  tracks: [{ lengthInSeconds: 180, song: title("One") }],
});
const ok = (res: { status: number; body: unknown }, status = 200) => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as any;
};
/** A request of `key` invoiced in full while it waits for payment: answers the request and the open invoice. */
async function invoiced(key: string) {
  const id = await requestIn({ client: key, staff }, "need_payment", song);
  return { id, invoice: ok(await issueInvoice(key, [id]), 201) as InvoiceBody };
}

type Channel = {
  type: WebhookEvent;
  channel: string;
  /** What the action needs, done (and its events sent) before it: answers what `act` is given. */
  setup?: (key: string, name: string) => Promise<unknown>;
  act: (key: string, name: string, prepared: any) => Promise<unknown>;
};

// Each event type from each way it happens: the action is done once, and the event must arrive exactly once.
const CHANNELS: Channel[] = [
  { type: "request.created", channel: "POST /api/requests", act: (key) => fileRequest(key) },
  {
    type: "request.created",
    channel: "POST /api/albums",
    act: async (key, name) =>
      ok(await call(albumsRoute.POST, "POST", "/api/albums", { key, body: albumBody(name) }), 201),
  },
  {
    type: "request.created",
    channel: "the portal's wizard",
    act: async (_key, name) => {
      const { actor } = await clientStaff(db(), name, `pat@${name.split(" ")[0]!.toLowerCase()}.example`, "member");
      await createAlbumRequests(db(), actor, createAlbumRequestsSchema.parse(albumBody(name)));
    },
  },
  {
    type: "request.created",
    channel: "an import",
    act: async (key) => {
      ok(await postCheckedImport(db(), key, [importRow("Imported Song")]));
      await drainImports(db());
    },
  },
  {
    type: "request.created",
    channel: "a reorder",
    setup: async (key, name) =>
      ok(await call(albumsRoute.POST, "POST", "/api/albums", { key, body: albumBody(name) }), 201),
    act: async (key, _name, album) => {
      const trackId = album.requests[0].trackId as number;
      const body = { formatId: 1001, releaseQuantity: 500, expectedOutletsOfDistribution: null };
      ok(
        await call(trackRequestsRoute.POST, "POST", `/api/tracks/${trackId}/requests`, {
          key,
          body,
          params: { id: String(trackId) },
        }),
        201,
      );
    },
  },
  {
    type: "request.status_changed",
    channel: "a staff status change",
    act: async (key) => ok(await setStatus(staff, (await fileRequest(key)).id, { code: "need_info", note: "Which?" })),
  },
  {
    type: "request.licensed",
    channel: "the last notice served",
    act: (key) => requestIn({ client: key, staff }, "licensed", song),
  },
  {
    type: "license.issued",
    channel: "the last notice served",
    act: (key) => requestIn({ client: key, staff }, "licensed", song),
  },
  {
    type: "wallpost.created",
    channel: "POST /api/tracks/{id}/wall",
    act: async (key) =>
      ok(await postToWall(key, (await fileRequest(key)).trackId, { message: "Moved to June.", isPrivate: false }), 201),
  },
  { type: "invoice.issued", channel: "POST /api/invoices", act: (key) => invoiced(key) },
  {
    type: "payment.recorded",
    channel: "POST /api/invoices/{id}/payments",
    act: async (key) => {
      const { invoice } = await invoiced(key);
      ok(await recordPayment(staff, invoice.id, { amount: "1.00", reference: "TRF-1", receivedOn: isoDay() }), 201);
    },
  },
  {
    type: "invoice.paid",
    channel: "a payment of the whole due",
    act: async (key) => {
      const { invoice } = await invoiced(key);
      ok(
        await recordPayment(staff, invoice.id, { amount: invoice.due, reference: "TRF-2", receivedOn: isoDay() }),
        201,
      );
    },
  },
  {
    type: "request.credited",
    channel: "cannot_license after invoicing",
    act: async (key) => {
      const { id } = await invoiced(key);
      ok(await setStatus(staff, id, { code: "cannot_license", reason: "changed_lyrics" }));
    },
  },
  {
    type: "import.finished",
    channel: "the filing job",
    act: async (key) => {
      ok(await postCheckedImport(db(), key, [importRow("Finished Song")]));
      await drainImports(db());
    },
  },
  {
    type: "import.finished",
    channel: "an import with no valid row",
    act: async (key) => ok(await postCheckedImport(db(), key, [{}])),
  },
  {
    type: "sales.alert",
    channel: "POST /api/releases/{id}/sales",
    act: async (key) => {
      const { first } = await licensedTwoTracks(db(), key);
      const csv = salesCsv("date,trackId,store,units,format", `2026-11-10,${first.trackId},Bandcamp,800,1002`);
      ok(await uploadSales(key, first.releaseId, csv), 201);
    },
  },
];

describe("every event type, from every channel", () => {
  it.each(CHANNELS.map((c, i) => ({ ...c, name: `Channel ${i} Records` })))(
    "$type from $channel: sent once, its body signed, carrying its id and matching the OpenAPI webhooks schema",
    async ({ type, setup, act, name }) => {
      const a = await accountListening(db(), name, undefined, (r) => receivers.push(r));
      const prepared = await setup?.(a.key, name);
      await drainWebhooks(db());
      const before = a.receiver.received.length;
      const cursor = (await readEvents(a.key)).headers.get("x-next-cursor");
      await act(a.key, name, prepared);
      await drainWebhooks(db());
      const received = a.receiver.received.slice(before).map((r) => ({
        ...(new Webhook(a.endpoint.secret).verify(r.body, r.headers) as { id: string; type: WebhookEvent }),
      }));
      const ofType = received.filter((e) => e.type === type);
      expect(ofType).toHaveLength(1);
      for (const body of received) {
        expect(body.id).toMatch(/^evt_\d+$/);
        const checked = webhookBodies[body.type].safeParse(body);
        expect(checked.success, `${body.type}: ${checked.error?.message}`).toBe(true);
      }
      // The events API lists the same events, with the same ids and data, in the order they committed.
      const listed = ok(await readEvents(a.key, `type=${type}${cursor ? `&after=${cursor}` : ""}`)) as {
        id: string;
        type: string;
        data: unknown;
      }[];
      expect(listed.map((e) => [e.id, e.data])).toEqual(ofType.map((e: any) => [e.id, e.data]));
    },
  );

  it("sales.alert reaches an endpoint still subscribed to sales.threshold_reached under the old name, with the same id", async () => {
    const a = await accountListening(db(), "Alias Records", ["sales.alert"], (r) => receivers.push(r));
    const old = await accountListening(db(), "Alias Records", ["sales.threshold_reached"], (r) => receivers.push(r));
    const { first } = await licensedTwoTracks(db(), a.key);
    const csv = salesCsv("date,trackId,store,units,format", `2026-11-10,${first.trackId},Bandcamp,800,1002`);
    ok(await uploadSales(a.key, first.releaseId, csv), 201);
    await drainWebhooks(db());
    const [current] = a.receiver.accepted() as unknown as { id: string; type: string; data: unknown }[];
    const [renamed] = old.receiver.accepted() as unknown as { id: string; type: string; data: unknown }[];
    expect(current).toMatchObject({ type: "sales.alert", data: { alert: { trackId: first.trackId, level: 80 } } });
    expect(renamed).toEqual({ ...current, type: "sales.threshold_reached" });
    expect(webhookBodies["sales.threshold_reached"].safeParse(renamed).success).toBe(true);
  });
});
