import { beforeAll, describe, expect, it } from "vitest";
import { GET as unknownPath } from "@/app/api/[[...path]]/route";
import { GET as formats } from "@/app/api/formats/route";
import { GET as health } from "@/app/api/health/route";
import { GET as openApi } from "@/app/api/openapi.json/route";
import * as requestsRoute from "@/app/api/requests/route";
import { GET as readRequest } from "@/app/api/requests/[id]/route";
import { GET as songs } from "@/app/api/songs/route";
import { API_VERSIONS, LATEST_API_VERSION } from "@/lib/api-versions";
import { call, clientKey, type CallOptions, type Handler } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let key: string;
let filed: Awaited<ReturnType<typeof fileRequest>>;
beforeAll(async () => {
  key = (await clientKey(db(), "Versioned Records")).key;
  filed = await fileRequest(key);
});

const pinned = (version: string, opts: CallOptions = {}): CallOptions => ({
  ...opts,
  headers: { ...opts.headers, "CoverDesk-Version": version },
});

// Answers of every kind: a read, a list, a create, a 304, each refusal the wrapper makes, an unknown path, the public routes.
const ANSWERS: {
  name: string;
  status: number;
  send: (version?: string) => Promise<{ status: number; headers: Headers }>;
}[] = [
  { name: "a read", status: 200, send: (v) => asCaller(readRequest, "GET", `/api/requests/${filed.id}`, v, idOf) },
  { name: "a list", status: 200, send: (v) => asCaller(formats, "GET", "/api/formats", v) },
  {
    name: "a create",
    status: 201,
    send: (v) => asCaller(requestsRoute.POST, "POST", "/api/requests", v, () => ({ body: requestBody() })),
  },
  {
    name: "a 304",
    status: 304,
    send: async (v) => {
      const first = await call(readRequest, "GET", `/api/requests/${filed.id}`, { key, ...idOf() });
      const etag = first.headers.get("etag")!;
      return asCaller(readRequest, "GET", `/api/requests/${filed.id}`, v, () => ({
        ...idOf(),
        headers: { "If-None-Match": etag },
      }));
    },
  },
  {
    name: "a 401",
    status: 401,
    send: (v) => call(formats, "GET", "/api/formats", v ? pinned(v) : {}),
  },
  { name: "a 403", status: 403, send: (v) => asCaller(songs, "GET", "/api/songs", v) },
  { name: "a 404 of an unknown path", status: 404, send: (v) => asCaller(unknownPath, "GET", "/api/nothing-here", v) },
  { name: "the health check", status: 200, send: (v) => call(health, "GET", "/api/health", v ? pinned(v) : {}) },
  {
    name: "the OpenAPI document",
    status: 200,
    send: (v) => call(openApi, "GET", "/api/openapi.json", v ? pinned(v) : {}),
  },
];

function idOf(): CallOptions {
  return { params: { id: String(filed.id) } };
}

function asCaller(
  handler: Handler,
  method: string,
  path: string,
  version?: string,
  more: () => CallOptions = () => ({}),
) {
  const opts = { key, ...more() };
  return call(handler, method, path, version ? pinned(version, opts) : opts);
}

describe("the API version (CoverDesk-Version)", () => {
  it.each(ANSWERS)("is named on $name, the newest when the caller pins none", async ({ status, send }) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.headers.get("CoverDesk-Version")).toBe(LATEST_API_VERSION);
  });

  it.each(ANSWERS)("is the one the caller pinned on $name", async ({ status, send }) => {
    for (const version of API_VERSIONS) {
      const answer = await send(version);
      expect(answer.status).toBe(status);
      expect(answer.headers.get("CoverDesk-Version")).toBe(version);
    }
  });

  it("refuses a version it does not serve with 400 validation_failed naming the known ones, and files nothing", async () => {
    const before = await call(requestsRoute.GET, "GET", "/api/requests", { key });
    for (const version of ["2020-01-01", "latest", "2026-12-4"]) {
      const refused = await call(
        requestsRoute.POST,
        "POST",
        "/api/requests",
        pinned(version, { key, body: requestBody() }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: "validation_failed",
        errors: [
          { path: "CoverDesk-Version", message: expect.stringContaining(`known versions: ${API_VERSIONS.join(", ")}`) },
        ],
      });
      expect(refused.headers.get("CoverDesk-Version")).toBe(LATEST_API_VERSION);
    }
    const after = await call(requestsRoute.GET, "GET", "/api/requests", { key });
    expect(after.headers.get("x-total-count")).toBe(before.headers.get("x-total-count"));
  });

  it("is refused on the public routes too, but after authentication on the others (401 first, as every check)", async () => {
    const publicRefusal = await call(health, "GET", "/api/health", pinned("1999-01-01"));
    expect(publicRefusal.status).toBe(400);
    expect(publicRefusal.body.errors).toEqual([{ path: "CoverDesk-Version", message: expect.any(String) }]);
    expect((await call(formats, "GET", "/api/formats", pinned("1999-01-01"))).status).toBe(401);
  });
});
