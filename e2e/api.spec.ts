import { expect, test } from "./fixtures";
import { apiKey } from "./helpers";

// The JSON API against the real built server: routing, params, headers and problem+json as a client sees them.
test("a client files, reads, reorders and patches over HTTP, and bad input gets problem+json", async ({ request }) => {
  const headers = { Authorization: `Bearer ${apiKey("client")}` };
  const created = await request.post("/api/requests", {
    headers: { ...headers, "Idempotency-Key": "e2e-1" },
    data: {
      track: {
        album: {
          title: "E2E Covers",
          artist: "The Testers",
          licensee: { lastName: "Tester", email: "tester@example.com" },
        },
        lengthInSeconds: 185,
        releases: [{ formatId: 1002, releaseQuantity: 1000 }],
        song: { title: "Here Comes the Sun", originalRecordingArtist: "The Beatles" },
      },
    },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  expect(created.headers()["location"]).toBe(`/api/requests/${body.id}`);
  expect(created.headers()["x-request-id"]).toBeTruthy();
  expect(body.status.code).toBe("new");

  const read = await request.get(`/api/requests/${body.id}`, { headers });
  expect(await read.json()).toEqual(body);

  const list = await request.get("/api/requests?limit=5", { headers });
  expect(list.status()).toBe(200);
  expect(Number(list.headers()["x-total-count"])).toBeGreaterThanOrEqual(1);

  const reorder = await request.post(`/api/tracks/${body.trackId}/requests`, {
    headers,
    data: { releaseQuantity: 500, formatId: 1001 },
  });
  expect(reorder.status()).toBe(201);
  expect(await reorder.json()).toHaveLength(1);

  const patched = await request.patch(`/api/albums/${body.albumId}`, {
    headers,
    data: [{ op: "replace", path: "/title", value: "E2E Covers, Vol. 1" }],
  });
  expect((await patched.json()).title).toBe("E2E Covers, Vol. 1");

  const bad = await request.get("/api/requests?limit=abc", { headers });
  expect(bad.status()).toBe(400);
  expect(bad.headers()["content-type"]).toBe("application/problem+json");
  expect((await bad.json()).errors[0].path).toBe("limit");

  const broken = await request.post("/api/requests", {
    headers: { ...headers, "Content-Type": "application/json" },
    data: Buffer.from('{"track":'),
  });
  expect((await broken.json()).code).toBe("invalid_json");

  const anonymous = await request.get("/api/formats");
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["www-authenticate"]).toMatch(/^Bearer/);
});
