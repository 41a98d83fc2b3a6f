import { Webhook } from "standardwebhooks";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as deliveriesRoute from "@/app/api/webhooks/[id]/deliveries/route";
import * as webhookRoute from "@/app/api/webhooks/[id]/route";
import { webhookEndpoints } from "@/db/schema";
import { setClock } from "@/lib/clock";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { drainWebhooks, webhookDispatcher } from "@/lib/webhooks/deliver-webhooks";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { clientStaff } from "../helpers/people";
import { addSong, cancel, requestIn, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";
import { postToWall } from "../helpers/wall";
import { registerWebhook, startReceiver, type Receiver } from "../helpers/webhooks";

const db = setupTestDb();

let staff: string;
let receivers: Receiver[] = [];
const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
};
// Signatures carry the sending time and receivers refuse old ones, so the test clock runs from the real time.
let t = 0;
const advance = (ms: number) => setClock(new Date((t += ms)));

/** A client account with an admin key and an endpoint at a fresh receiver. */
async function accountWithEndpoint(name: string, answer?: Parameters<typeof startReceiver>[0], events?: string[]) {
  const account = await clientKey(db(), name);
  const r = await receiver(answer);
  const endpoint = await registerWebhook(account.key, r.url, events);
  return { ...account, receiver: r, endpoint };
}

const logOf = async (key: string, endpointId: number) =>
  (
    await call(deliveriesRoute.GET, "GET", `/api/webhooks/${endpointId}/deliveries`, {
      key,
      params: { id: String(endpointId) },
    })
  ).body as {
    event: string;
    status: string;
    attempts: number;
    lastResponseCode: number | null;
    lastError: string | null;
  }[];

beforeAll(async () => {
  staff = await staffKey(db());
});
beforeEach(() => {
  t = Date.now();
  setClock(new Date(t));
  vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", "127.0.0.1");
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", "300");
});
afterEach(async () => {
  setClock(undefined);
  vi.unstubAllEnvs();
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
  await db().delete(webhookEndpoints); // and their deliveries: each test drains only its own
});

describe("a status change is delivered, signed per Standard Webhooks", () => {
  it("sends {id, type, timestamp, data} with from/to and the request view; the standardwebhooks package verifies it", async () => {
    const a = await accountWithEndpoint("Signed Records", undefined, ["request.status_changed"]);
    const filed = await fileRequest(a.key);
    await setStatus(staff, filed.id, { code: "need_info", note: "Which version?" });

    expect(await drainWebhooks(db())).toEqual({ sent: 1, failed: 0 });
    const [got] = a.receiver.received;
    const verified = new Webhook(a.endpoint.secret).verify(got!.body, got!.headers) as Record<string, any>;
    expect(Object.keys(verified).sort()).toEqual(["data", "id", "timestamp", "type"]);
    expect(verified.id).toMatch(/^evt_\d+$/);
    expect(verified.type).toBe("request.status_changed");
    expect(verified.data).toMatchObject({
      from: "new",
      to: "need_info",
      request: { id: filed.id, status: { code: "need_info", note: "Which version?" } },
    });
    expect(got!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(() => new Webhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").verify(got!.body, got!.headers)).toThrow();

    expect(await logOf(a.key, a.endpoint.id)).toMatchObject([
      { event: "request.status_changed", status: "sent", attempts: 1, lastResponseCode: 200, lastError: null },
    ]);
    expect(await drainWebhooks(db())).toEqual({ sent: 0, failed: 0 });
  });

  it("sends request.licensed beside the status change when a request is licensed", async () => {
    const a = await accountWithEndpoint("Licensed Records", undefined, ["request.licensed"]);
    const song = await addSong(staff, songBody({ title: "Webhook Waltz" }));
    const id = await requestIn({ client: a.key, staff }, "licensed", song);
    await drainWebhooks(db());
    expect(a.receiver.accepted().map((e) => [e.type, e.data.request.id, e.data.request.status.code])).toEqual([
      ["request.licensed", id, "licensed"],
    ]);
  });
});

describe("retries", () => {
  it("a receiver answering 500 gets the event again after the backoff, and exactly once after its 200", async () => {
    const a = await accountWithEndpoint("Flaky Records", (n) => (n === 0 ? 500 : 200), ["request.status_changed"]);
    const { id } = await fileRequest(a.key);
    await setStatus(staff, id, { code: "need_info", note: "Which version?" });

    expect(await drainWebhooks(db())).toEqual({ sent: 0, failed: 1 });
    expect(await logOf(a.key, a.endpoint.id)).toMatchObject([
      { status: "pending", attempts: 1, lastResponseCode: 500, lastError: expect.stringContaining("500") },
    ]);
    expect(await drainWebhooks(db())).toEqual({ sent: 0, failed: 0 }); // not due before its backoff
    advance(31_000);
    expect(await drainWebhooks(db())).toEqual({ sent: 1, failed: 0 });
    advance(3_600_000);
    await drainWebhooks(db());

    expect(a.receiver.received.map((r) => r.answered)).toEqual([500, 200]);
    expect(a.receiver.accepted()).toHaveLength(1);
    const [first, second] = a.receiver.received;
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(await logOf(a.key, a.endpoint.id)).toMatchObject([{ status: "sent", attempts: 2, lastResponseCode: 200 }]);
  });

  it("a receiver that does not answer in time gets the event again, and exactly once after it answers", async () => {
    const a = await accountWithEndpoint("Slow Records", (n) => (n === 0 ? "hang" : 200), ["request.status_changed"]);
    const { id } = await fileRequest(a.key);
    await setStatus(staff, id, { code: "need_info", note: "Which version?" });

    expect(await drainWebhooks(db())).toEqual({ sent: 0, failed: 1 });
    expect(await logOf(a.key, a.endpoint.id)).toMatchObject([
      { status: "pending", lastResponseCode: null, lastError: "Timed out: no answer within 300 ms." },
    ]);
    advance(31_000);
    expect(await drainWebhooks(db())).toEqual({ sent: 1, failed: 0 });
    advance(3_600_000);
    await drainWebhooks(db());
    expect(a.receiver.accepted()).toHaveLength(1);
  });

  it("a receiver down for a while gets every event afterwards, in order per request", async () => {
    const account = await clientKey(db(), "Down Records");
    const probe = await startReceiver();
    const { port, url } = probe;
    await probe.close();
    const endpoint = await registerWebhook(account.key, url, ["request.status_changed"]);
    const r1 = (await fileRequest(account.key)).id;
    const r2 = (await fileRequest(account.key)).id;
    await setStatus(staff, r1, { code: "need_info", note: "Which version?" });
    await setStatus(staff, r2, { code: "need_info", note: "Which mix?" });
    await setStatus(staff, r1, { code: "new" });
    await setStatus(staff, r1, { code: "need_info", note: "And the writer?" });
    await cancel(account.key, r1);

    // Down: only the first event of each request is tried; the later ones wait behind it.
    expect(await drainWebhooks(db())).toEqual({ sent: 0, failed: 2 });
    advance(31_000);
    expect(await drainWebhooks(db())).toEqual({ sent: 0, failed: 2 });
    expect((await logOf(account.key, endpoint.id)).filter((d) => d.attempts > 0)).toHaveLength(2);

    const up = await receiver(() => 200, port);
    advance(61_000);
    expect(await drainWebhooks(db())).toEqual({ sent: 5, failed: 0 });
    const moves = (request: number) =>
      up
        .accepted()
        .filter((e) => e.data.request.id === request)
        .map((e) => `${e.data.from}>${e.data.to}`);
    expect(moves(r1)).toEqual(["new>need_info", "need_info>new", "new>need_info", "need_info>cancelled"]);
    expect(moves(r2)).toEqual(["new>need_info"]);
    for (const got of up.received)
      expect(() => new Webhook(endpoint.secret).verify(got.body, got.headers)).not.toThrow();
  });

  it("two workers draining at once send each event once", async () => {
    const a = await accountWithEndpoint("Busy Records", undefined, ["request.status_changed"]);
    for (let i = 0; i < 6; i++)
      await setStatus(staff, (await fileRequest(a.key)).id, { code: "need_info", note: "Which version?" });
    // The drains' own counts also take in what earlier tests left due (their retries): the receiver is the witness.
    await Promise.all([drainWebhooks(db()), drainWebhooks(db())]);
    expect(new Set(a.receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(6);
    expect(a.receiver.received).toHaveLength(6);
  });

  it("the job loop's sender works through an account's backlog past its per-account cap without waiting for a tick", async () => {
    const a = await accountWithEndpoint("Backlog Records", undefined, ["request.status_changed"]);
    for (let i = 0; i < 6; i++)
      await setStatus(staff, (await fileRequest(a.key)).id, { code: "need_info", note: "Which version?" });
    const sender = webhookDispatcher();
    expect(await sender.dispatch(db())).toBe(2); // WEBHOOK_CONCURRENCY_PER_ACCOUNT's default
    await vi.waitFor(() => expect(a.receiver.received).toHaveLength(6), { timeout: 20_000 });
    await sender.settle();
    expect(new Set(a.receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(6);
  });

  it("two job loops' webhook senders at once send each event once", async () => {
    const a = await accountWithEndpoint("Pooled Records", undefined, ["request.status_changed"]);
    for (let i = 0; i < 6; i++)
      await setStatus(staff, (await fileRequest(a.key)).id, { code: "need_info", note: "Which version?" });
    const senders = [webhookDispatcher(), webhookDispatcher()];
    for (let round = 0; round < 6 && a.receiver.received.length < 6; round++) {
      await Promise.all(senders.map((s) => s.dispatch(db())));
      await Promise.all(senders.map((s) => s.settle()));
      senders.splice(0, 2, webhookDispatcher(), webhookDispatcher());
    }
    expect(a.receiver.received).toHaveLength(6);
    expect(new Set(a.receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(6);
    expect((await logOf(a.key, a.endpoint.id)).every((d) => d.status === "sent" && d.attempts === 1)).toBe(true);
  });

  it("an endpoint failing for 3 days is turned off, says why, and sends what waited once turned on again", async () => {
    let down = true;
    const a = await accountWithEndpoint("Gone Records", () => (down ? 503 : 200), ["request.status_changed"]);
    const { id } = await fileRequest(a.key);
    await setStatus(staff, id, { code: "need_info", note: "Which version?" });
    await drainWebhooks(db());
    advance(3 * 24 * 3_600_000 - 60_000);
    await drainWebhooks(db());
    const read = () =>
      call(webhookRoute.GET, "GET", `/api/webhooks/${a.endpoint.id}`, {
        key: a.key,
        params: { id: String(a.endpoint.id) },
      });
    expect((await read()).body).toMatchObject({ enabled: true, disabledReason: null });
    advance(2 * 60_000);
    await drainWebhooks(db());
    expect((await read()).body).toMatchObject({
      enabled: false,
      disabledReason: expect.stringContaining("every delivery failed"),
    });
    expect((await read()).body.disabledReason).toContain("503");

    down = false;
    advance(3_600_000);
    const tried = a.receiver.received.length;
    expect(await drainWebhooks(db())).toEqual({ sent: 0, failed: 0 });
    expect(a.receiver.received).toHaveLength(tried);
    const on = await call(webhookRoute.PATCH, "PATCH", `/api/webhooks/${a.endpoint.id}`, {
      key: a.key,
      params: { id: String(a.endpoint.id) },
      body: [{ op: "replace", path: "enabled", value: true }],
    });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(await drainWebhooks(db())).toEqual({ sent: 1, failed: 0 });
  });
});

describe("who gets which event", () => {
  it("events of account A never reach account B's endpoint", async () => {
    const a = await accountWithEndpoint("Tenant A Records");
    const b = await accountWithEndpoint("Tenant B Records");
    const filed = await fileRequest(a.key);
    await setStatus(staff, filed.id, { code: "need_info", note: "Which version?" });
    await postToWall(a.key, filed.trackId, { message: "Release moved to June.", isPrivate: false });
    await drainWebhooks(db());
    // "Need info" also posts its note on the wall. Wall posts belong to the album, not to one request, so they are not
    // ordered with the request's own events.
    expect(
      a.receiver
        .accepted()
        .map((e) => e.type)
        .sort(),
    ).toEqual(["request.created", "request.status_changed", "wallpost.created", "wallpost.created"]);
    expect(b.receiver.received).toEqual([]);
  });

  it("an endpoint gets only the events it chose; posts its staff may read, public and private, are sent, staff-only ones never", async () => {
    const a = await accountWithEndpoint("Wall Records", undefined, ["wallpost.created"]);
    const filed = await fileRequest(a.key);
    await setStatus(staff, filed.id, { code: "cannot_license", reason: "changed_lyrics" });
    const pub = await postToWall(a.key, filed.trackId, { message: "Public news", isPrivate: false });
    const priv = await postToWall(staff, filed.trackId, { message: "Between staff and the label" });
    const internal = await postToWall(staff, filed.trackId, {
      message: "Owner has no email on file",
      visibility: "staff",
    });
    expect(internal.status).toBe(201);
    await drainWebhooks(db());
    // Posts of an album are not ordered against each other (only a request's own events are): compare by post id.
    const sent = a.receiver
      .accepted()
      .map((e) => [e.type, e.data.albumId, e.data.post.id, e.data.post.isPrivate] as const);
    expect(sent.sort((x, y) => x[2] - y[2])).toEqual([
      ["wallpost.created", filed.albumId, pub.body.id, false],
      ["wallpost.created", filed.albumId, priv.body.id, true],
    ]);
  });

  it("request.created is sent for requests filed in the portal and for those filed with an API key", async () => {
    const a = await accountWithEndpoint("Portal Records", undefined, ["request.created"]);
    const api = await fileRequest(a.key);
    const { actor: user } = await clientStaff(db(), "Portal Records", "pat@portal.example", "member");
    const input = createAlbumRequestsSchema.parse({
      album: {
        title: "Portal Album",
        artist: "Portal Band",
        licensee: { companyName: "Portal LLC", email: "rights@portal.example" },
      },
      release: { formatId: 1001, releaseQuantity: 500 },
      tracks: [{ song: { title: "Yesterday", originalRecordingArtist: "The Beatles" }, lengthInSeconds: 125 }],
    });
    const [created] = await createAlbumRequests(db(), user, input);
    await drainWebhooks(db());
    expect(a.receiver.accepted().map((e) => [e.type, e.data.request.id, e.data.request.status.code])).toEqual([
      ["request.created", api.id, "new"],
      ["request.created", created!.id, "new"],
    ]);
  });

  it("keeps the deliveries of an endpoint that is turned off waiting, and sends none", async () => {
    const a = await accountWithEndpoint("Paused Records", undefined, ["request.status_changed"]);
    const on = await registerWebhook(a.key, (await receiver()).url, ["request.status_changed"]);
    await call(webhookRoute.PATCH, "PATCH", `/api/webhooks/${a.endpoint.id}`, {
      key: a.key,
      params: { id: String(a.endpoint.id) },
      body: [{ op: "replace", path: "enabled", value: false }],
    });
    const { id } = await fileRequest(a.key);
    await setStatus(staff, id, { code: "need_info", note: "Which version?" });
    expect(await drainWebhooks(db())).toEqual({ sent: 1, failed: 0 });
    expect(a.receiver.received).toEqual([]);
    expect(await logOf(a.key, a.endpoint.id)).toMatchObject([{ event: "request.status_changed", status: "pending" }]);
    expect(await logOf(a.key, on.id)).toMatchObject([{ event: "request.status_changed", status: "sent" }]);
  });
});
