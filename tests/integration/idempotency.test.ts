import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import type { Db } from "@/db/client";
import { idempotencyKeys, licensees } from "@/db/schema";
import { createApiKey } from "@/lib/auth/api-keys";
import { withIdempotency } from "@/lib/http/idempotency";
import { call, clientKey, type CallOptions } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { errorPaths, expectProblem } from "../helpers/problem";
import { rowCounts } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keyA: string;
let keyB: string;
let accountA: number;
let trackId: number;
let n = 0;
/** A key no earlier test has used. */
const freshKey = () => `idem-${++n}-${"x".repeat(8)}`;

beforeAll(async () => {
  ({ key: keyA, accountId: accountA } = await clientKey(db(), "Idem A"));
  keyB = (await clientKey(db(), "Idem B")).key;
  trackId = (await fileRequest(keyA)).trackId;
});

const post = (idempotencyKey: string | null, body: unknown, opts: CallOptions = {}) =>
  call(requestsRoute.POST, "POST", "/api/requests", {
    key: keyA,
    body,
    ...opts,
    headers: { ...(idempotencyKey === null ? {} : { "Idempotency-Key": idempotencyKey }), ...opts.headers },
  });
const reorder = (idempotencyKey: string, body: unknown, opts: CallOptions = {}) =>
  call(trackRequestsRoute.POST, "POST", `/api/tracks/${trackId}/requests`, {
    key: keyA,
    body,
    params: { id: String(trackId) },
    ...opts,
    headers: { "Idempotency-Key": idempotencyKey, ...opts.headers },
  });
const bodyFor = (title: string) => requestBody({ track: { song: { title, originalRecordingArtist: "Idem" } } });

describe("POST /api/requests with an Idempotency-Key", () => {
  it("replays the first response for a repeat with the same key and body, and creates nothing", async () => {
    const k = freshKey();
    const first = await post(k, bodyFor("Once"));
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/requests/${first.body.id}`);
    const before = await rowCounts(db());
    const again = await post(k, bodyFor("Once"));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    expect(again.headers.get("x-request-id")).toBeTruthy();
    expect(await rowCounts(db())).toEqual(before);
  });

  it("without a key, the same body twice files two requests (the key is what makes a retry safe)", async () => {
    const first = await post(null, bodyFor("Twice"));
    const second = await post(null, bodyFor("Twice"));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it("refuses the same key with another body with 409 idempotency_key_reused, creating nothing", async () => {
    const k = freshKey();
    expect((await post(k, bodyFor("Original"))).status).toBe(201);
    const before = await rowCounts(db());
    expectProblem(await post(k, bodyFor("Something else")), 409, "idempotency_key_reused");
    expectProblem(await reorder(k, { formatId: 1002, releaseQuantity: 5 }), 409, "idempotency_key_reused");
    expect(await rowCounts(db())).toEqual(before);
  });

  /** The same JSON sent in other bytes: the keys of every object reversed. */
  const reversedKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reversedKeys)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reversedKeys(v)]),
          )
        : value;

  it.each<[string, (body: unknown) => string]>([
    ["its keys in another order, at every level", (body) => JSON.stringify(reversedKeys(body))],
    ["other whitespace", (body) => `\n  ${JSON.stringify(body, null, 4)}\t\n`],
    ["both", (body) => JSON.stringify(reversedKeys(body), null, "\t")],
  ])("replays a retry of the same JSON with %s, filing nothing", async (_label, bytes) => {
    const k = freshKey();
    const body = bodyFor(`Same values ${k}`);
    const first = await post(k, body);
    expect(first.status).toBe(201);
    const before = await rowCounts(db());
    const again = await post(k, undefined, {
      rawBody: bytes(body),
      headers: { "Content-Type": "application/json" },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("still refuses the same key when a value differs, however the JSON is laid out", async () => {
    const k = freshKey();
    const body = bodyFor("Laid out");
    expect((await post(k, body)).status).toBe(201);
    const changed = reversedKeys(bodyFor("Laid out!"));
    const res = await post(k, undefined, {
      rawBody: JSON.stringify(changed, null, 2),
      headers: { "Content-Type": "application/json" },
    });
    expectProblem(res, 409, "idempotency_key_reused");
  });

  it("keeps keys per caller: another account's same key and body files that account's own request", async () => {
    const k = freshKey();
    const mine = await post(k, bodyFor("Shared key"));
    const theirs = await post(k, bodyFor("Shared key"), { key: keyB });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.licenseeId).not.toBe(mine.body.licenseeId);
    expect((await post(k, bodyFor("Shared key"))).body).toEqual(mine.body);
    expect((await post(k, bodyFor("Shared key"), { key: keyB })).body).toEqual(theirs.body);
  });

  it("keeps keys per client account: a retry through another key of the same account replays, files nothing", async () => {
    const k = freshKey();
    const sibling = (await createApiKey(db(), { accountId: accountA, name: "sibling" })).key;
    const first = await post(k, bodyFor("Account key"));
    const before = await rowCounts(db());
    const retried = await post(k, bodyFor("Account key"), { key: sibling });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(retried.body).toEqual(first.body);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("does not store a refused request: the corrected body may use the same key, which then belongs to it", async () => {
    const k = freshKey();
    const broken = requestBody({ track: { song: { originalRecordingArtist: "No title" } } });
    expectProblem(await post(k, broken), 400, "validation_failed");
    expectProblem(await post(k, broken), 400, "validation_failed"); // re-evaluated, not replayed or refused as reused
    const before = await rowCounts(db());
    const fixed = await post(k, bodyFor("Now with a title"));
    expect(fixed.status).toBe(201);
    expect((await rowCounts(db())).requests).toBe(before.requests + 1);
    expect((await post(k, bodyFor("Now with a title"))).body).toEqual(fixed.body);
    expectProblem(await post(k, broken), 409, "idempotency_key_reused");
  });

  it("files exactly one request when the same keyed request arrives twice at the same time", async () => {
    const k = freshKey();
    const before = await rowCounts(db());
    const results = await Promise.all([
      post(k, bodyFor("Racing")),
      post(k, bodyFor("Racing")),
      post(k, bodyFor("Racing")),
    ]);
    const after = await rowCounts(db());
    expect(after.requests).toBe(before.requests + 1);
    expect(after.albums).toBe(before.albums + 1);
    expect(after.licensees).toBe(before.licensees + 1);
    for (const res of results) {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual(results[0]!.body);
    }
  });

  it("forgets a key after 24 hours", async () => {
    const k = freshKey();
    const first = await post(k, bodyFor("Yesterday's"));
    await db().execute(sql`update idempotency_keys set date_added = date_added - interval '25 hours' where key = ${k}`);
    const later = await post(k, bodyFor("Yesterday's"));
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it.each([
    ["an empty key", ""],
    ["a key longer than 255 characters", "k".repeat(256)],
  ])("refuses %s with 400 validation_failed naming the header", async (_label, k) => {
    const before = await rowCounts(db());
    const res = await post(k, bodyFor("Bad key"));
    expectProblem(res, 400, "validation_failed");
    expect(errorPaths(res)).toEqual(["Idempotency-Key"]);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("accepts a key of 255 characters", async () => {
    expect((await post("k".repeat(255), bodyFor("Long key"))).status).toBe(201);
  });
});

describe("POST /api/tracks/{id}/requests with an Idempotency-Key", () => {
  it("replays the reorder: the same requests, the same Location, no new release", async () => {
    const k = freshKey();
    const first = await reorder(k, { formatId: 1001, releaseQuantity: 300 });
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/tracks/${trackId}/requests`);
    expect(first.body).toHaveLength(1);
    const before = await rowCounts(db());
    const again = await reorder(k, { formatId: 1001, releaseQuantity: 300 });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await rowCounts(db())).toEqual(before);
    expectProblem(await reorder(k, { formatId: 1001, releaseQuantity: 301 }), 409, "idempotency_key_reused");
  });

  it("does not store a refused reorder", async () => {
    const k = freshKey();
    expectProblem(await reorder(k, { formatId: 1001 }), 400, "validation_failed");
    expect((await reorder(k, { formatId: 1001, releaseQuantity: 2 })).status).toBe(201);
  });
});

describe("a failure after the key was claimed", () => {
  // The work, the claim and the stored response share one transaction: a failure half way (here the database
  // refusing the last statement, as a dropped connection would) leaves neither the work nor a claim behind.
  it("rolls the work back with the claim: the retry runs once and is then replayed", async () => {
    const scope = `account:${accountA}`;
    const fingerprint = "POST /test\n{}";
    const before = await rowCounts(db());
    let runs = 0;
    const work = (fail: boolean) => async (tx: Db) => {
      runs++;
      await tx
        .insert(licensees)
        .values({ accountId: accountA, companyName: "Half done", lastName: "X", email: "x@example.com" });
      if (fail) await tx.execute(sql`select 1/0`);
      return Response.json({ ok: true }, { status: 201 });
    };
    await expect(withIdempotency(db(), { scope, key: "after-outage", fingerprint }, work(true))).rejects.toThrow();
    expect(await rowCounts(db())).toEqual(before);
    expect(
      await db()
        .select()
        .from(idempotencyKeys)
        .where(sql`key = 'after-outage'`),
    ).toEqual([]);
    const retry = await withIdempotency(db(), { scope, key: "after-outage", fingerprint }, work(false));
    expect(retry.status).toBe(201);
    const again = await withIdempotency(db(), { scope, key: "after-outage", fingerprint }, work(false));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(runs).toBe(2);
    expect((await rowCounts(db())).licensees).toBe(before.licensees + 1);
  });
});

describe("X-Request-Id", () => {
  it("is on every response, and a caller's own id is echoed: created, replayed, refused", async () => {
    const k = freshKey();
    const headers = { "X-Request-Id": "trace-123" };
    const responses = [
      await post(k, bodyFor("Traced"), { headers }),
      await post(k, bodyFor("Traced"), { headers }),
      await post(k, bodyFor("Traced differently"), { headers }),
      await post(null, {}, { headers }),
      await call(requestsRoute.GET, "GET", "/api/requests", { key: keyA, headers }),
    ];
    expect(responses.map((r) => r.status)).toEqual([201, 201, 409, 400, 200]);
    for (const res of responses) expect(res.headers.get("x-request-id")).toBe("trace-123");
    const generated = [await post(null, {}), await call(requestsRoute.GET, "GET", "/api/requests", { key: keyA })];
    for (const res of generated) expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ["spaces and markup", "<script>alert(1)</script>"],
    ["101 characters", "a".repeat(101)],
    ["a non-ASCII letter", "tracé"],
  ])("is replaced by a generated one when it holds %s", async (_label, id) => {
    const res = await call(requestsRoute.GET, "GET", "/api/requests", { key: keyA, headers: { "X-Request-Id": id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
