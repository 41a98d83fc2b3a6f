import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as deliveriesRoute from "@/app/api/webhooks/[id]/deliveries/route";
import * as rotateRoute from "@/app/api/webhooks/[id]/rotate-secret/route";
import * as webhookRoute from "@/app/api/webhooks/[id]/route";
import * as testRoute from "@/app/api/webhooks/[id]/test/route";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { setClock } from "@/lib/clock";
import { drainWebhooks } from "@/lib/webhooks/deliver-webhooks";
import { expireEvents } from "@/lib/webhooks/expire-events";
import { call, staffKey } from "../helpers/api";
import { accountListening, readEvents } from "../helpers/events";
import { fileRequest } from "../helpers/fixtures";
import { setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";
import type { Receiver } from "../helpers/webhooks";

const db = setupTestDb();
let receivers: Receiver[] = [];
const listening = (name: string, events?: string[]) => accountListening(db(), name, events, (r) => receivers.push(r));

// Signatures carry the sending time and receivers refuse old ones, so the test clock runs from the real time.
let t = 0;
const advance = (ms: number) => setClock(new Date((t += ms)));
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

beforeEach(() => {
  t = Date.now();
  setClock(new Date(t));
  vi.stubEnv("WEBHOOK_ALLOWED_ADDRESSES", "127.0.0.1");
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", "2000");
});
afterEach(async () => {
  setClock(undefined);
  vi.unstubAllEnvs();
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
  await db().delete(webhookEndpoints);
});

const turn = (key: string, id: number, enabled: boolean) =>
  call(webhookRoute.PATCH, "PATCH", `/api/webhooks/${id}`, {
    key,
    params: { id: String(id) },
    body: [{ op: "replace", path: "enabled", value: enabled }],
  });
const logOf = async (key: string, id: number) =>
  (await call(deliveriesRoute.GET, "GET", `/api/webhooks/${id}/deliveries`, { key, params: { id: String(id) } }))
    .body as { event: string; status: string }[];
/** Files a request and moves it twice: three events of one request, in this order (and the wall post need_info writes). */
async function threeEvents(key: string, staff: string) {
  const { id } = await fileRequest(key);
  await setStatus(staff, id, { code: "need_info", note: "Which version?" });
  await setStatus(staff, id, { code: "new" });
  return id;
}

describe("GET /api/events", () => {
  it("pages through the account's events with a cursor, by type too, and never shows another account's", async () => {
    const staff = await staffKey(db());
    const a = await listening("Paging Records", ["request.created"]);
    const other = await listening("Other Paging Records", ["request.created"]);
    const id = await threeEvents(a.key, staff);
    await fileRequest(other.key);

    const all = (await readEvents(a.key)).body as { id: string; type: string }[];
    expect(all.map((e) => e.type).sort()).toEqual([
      "request.created",
      "request.status_changed",
      "request.status_changed",
      "wallpost.created",
    ]);
    const first = await readEvents(a.key, "limit=2");
    expect(first.status).toBe(200);
    const cursor = first.headers.get("x-next-cursor")!;
    expect(cursor).toBe(first.body[1].id);
    expect(first.headers.get("link")).toBe(`</api/events?limit=2&after=${cursor}>; rel="next"`);
    const second = await readEvents(a.key, `limit=2&after=${cursor}`);
    expect([...first.body, ...second.body]).toEqual(all);
    expect(all.at(-1)).toMatchObject({ type: "request.status_changed", data: { from: "need_info", to: "new" } });
    // At the end the cursor stays where it was: polling with it sees what comes next.
    const end = await readEvents(a.key, `limit=2&after=${all.at(-1)!.id}`);
    expect(end.body).toEqual([]);
    expect(end.headers.get("x-next-cursor")).toBe(all.at(-1)!.id);

    const created = await readEvents(a.key, "type=request.created");
    expect(created.body).toMatchObject([{ type: "request.created", data: { request: { id } } }]);
    const ids = all.map((e) => e.id);
    expect((await readEvents(other.key)).body.map((e: { id: string }) => e.id)).not.toContain(ids[0]);
    const foreign = await readEvents(other.key, `after=${ids[0]}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: "validation_failed", errors: [{ path: "after" }] });
  });
});

describe("an endpoint that is off", () => {
  it("keeps its events waiting and sends them in order once it is turned on again", async () => {
    const staff = await staffKey(db());
    const a = await listening("Waiting Records", ["request.created", "request.status_changed"]);
    expect((await turn(a.key, a.endpoint.id, false)).status).toBe(200);
    await threeEvents(a.key, staff);
    await drainWebhooks(db());
    expect(a.receiver.received).toEqual([]);
    expect((await logOf(a.key, a.endpoint.id)).map((d) => d.status)).toEqual(["pending", "pending", "pending"]);

    advance(DAY);
    expect((await turn(a.key, a.endpoint.id, true)).status).toBe(200);
    await drainWebhooks(db());
    const sent = a.receiver.accepted() as unknown as { id: string; type: string; data: any }[];
    expect(sent.map((e) => [e.type, e.data.to ?? null])).toEqual([
      ["request.created", null],
      ["request.status_changed", "need_info"],
      ["request.status_changed", "new"],
    ]);
    // The same events, ids and order as the events API.
    const listed = (await readEvents(a.key)).body as { id: string; type: string }[];
    expect(sent.map((e) => e.id)).toEqual(listed.filter((e) => e.type.startsWith("request.")).map((e) => e.id));
  });

  it("lets its waiting deliveries expire after 30 days, and deletes events older than 30 days", async () => {
    const staff = await staffKey(db());
    const a = await listening("Expiring Records", ["request.created", "request.status_changed"]);
    await turn(a.key, a.endpoint.id, false);
    await threeEvents(a.key, staff);
    advance(29 * DAY);
    await expireEvents(db());
    expect((await logOf(a.key, a.endpoint.id)).map((d) => d.status)).toEqual(["pending", "pending", "pending"]);
    expect((await readEvents(a.key)).body).toHaveLength(4);

    advance(DAY + HOUR);
    await expireEvents(db());
    expect((await logOf(a.key, a.endpoint.id)).map((d) => d.status)).toEqual(["expired", "expired", "expired"]);
    expect((await readEvents(a.key)).body).toEqual([]);
    await turn(a.key, a.endpoint.id, true);
    await drainWebhooks(db());
    expect(a.receiver.received).toEqual([]);
  });
});

describe("rotating an endpoint's secret", () => {
  it("signs with the old and the new secret for 24 hours, then with the new one only", async () => {
    const a = await listening("Rotating Records", ["request.created"]);
    const rotate = () =>
      call(rotateRoute.POST, "POST", `/api/webhooks/${a.endpoint.id}/rotate-secret`, {
        key: a.key,
        params: { id: String(a.endpoint.id) },
      });
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    const second = rotated.body.secret as string;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(a.endpoint.secret);
    expect(rotated.body.previousSecretExpiresAt).toBe(new Date(t + DAY).toISOString());
    await fileRequest(a.key);
    await drainWebhooks(db());
    const during = a.receiver.received[0]!;
    expect(during.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(second).verify(during.body, during.headers)).not.toThrow();
    expect(() => new Webhook(a.endpoint.secret).verify(during.body, during.headers)).not.toThrow();

    // Receivers check the signing time against their own clock: the second rotation is dated 25 hours ago, so the
    // delivery signed now is past its 24 hours.
    setClock(new Date(t - 25 * HOUR));
    const third = (await rotate()).body.secret as string;
    setClock(new Date(t));
    await fileRequest(a.key);
    await drainWebhooks(db());
    const after = a.receiver.received[1]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new Webhook(third).verify(after.body, after.headers)).not.toThrow();
    expect(() => new Webhook(second).verify(after.body, after.headers)).toThrow();
    expect(() => new Webhook(a.endpoint.secret).verify(after.body, after.headers)).toThrow();
  });
});

describe("sending a test event", () => {
  it("sends one signed delivery marked as a test, with the latest event's data, which GET /api/events never lists", async () => {
    const a = await listening("Testing Records", ["request.created", "invoice.paid"]);
    const { id } = await fileRequest(a.key);
    await drainWebhooks(db());
    const send = (body?: unknown) =>
      call(testRoute.POST, "POST", `/api/webhooks/${a.endpoint.id}/test`, {
        key: a.key,
        params: { id: String(a.endpoint.id) },
        body,
      });
    const sent = await send();
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ event: "request.created", status: "pending" });
    expect((await send({ type: "invoice.paid" })).status).toBe(202);
    await drainWebhooks(db());
    const bodies = a.receiver.received.map((r) => new Webhook(a.endpoint.secret).verify(r.body, r.headers)) as {
      id: string;
      type: string;
      test?: boolean;
      data: any;
    }[];
    const tests = bodies.filter((b) => b.test);
    const test = tests.find((b) => b.type === "request.created");
    const paid = tests.find((b) => b.type === "invoice.paid");
    expect(tests).toHaveLength(2);
    expect(test).toMatchObject({ type: "request.created", test: true, data: { request: { id } } });
    expect(test!.id).toMatch(/^evt_test_/);
    expect(paid).toMatchObject({ type: "invoice.paid", test: true, data: null });
    expect((await readEvents(a.key)).body).toHaveLength(1);
    const [row] = await db()
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, sent.body.id as number));
    expect(row).toEqual({ eventId: null });
  });
});
