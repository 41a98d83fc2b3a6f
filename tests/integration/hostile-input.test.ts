import { beforeAll, describe, expect, it } from "vitest";
import document from "@/openapi.json";
import { call, clientKey, staffKey, type Handler } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";

// Every JSON body and query string of the API, given values a careless or hostile caller sends: never a 500, and
// every refusal a problem+json 4xx. Operations come from the OpenAPI document (tests/unit/openapi.test.ts holds it
// equal to app/api), so a new route is covered without being listed here. No randomness: the same table every run.
const db = setupTestDb();
let keys: { client: string; staff: string };
beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Hostile Input Records")).key, staff: await staffKey(db()) };
});

const deep = (levels: number): unknown => {
  let value: unknown = "bottom";
  for (let i = 0; i < levels; i++) value = { a: [value] };
  return value;
};
const HOSTILE: [name: string, value: unknown][] = [
  ["null", null],
  ["an array of null", [null]],
  ["an object of null", { x: null }],
  ["true", true],
  ["a number", 42],
  ["a negative zero", -0],
  ["a huge number", 1e308],
  ["a string like 1e309", "1e309"],
  ["a string like NaN", "NaN"],
  ["a string like -0", "-0"],
  ["an empty string", ""],
  ["NUL", "a\u0000b"],
  ["a lone surrogate", "a\ud800b"],
  ["a bidi override", "invoice\u202Egpj.csv"],
  ["line breaks", "a\r\nb\u2028c"],
  ["a huge string", "x".repeat(20_000)],
  ["a deeply nested object", deep(2_000)],
  ["an array of arrays", [[[[]]]]],
  ["a prototype key", JSON.parse('{"__proto__":{"polluted":true}}') as unknown],
];
/** The values sent in each field (the whole table is sent as each body). */
const FIELD_HOSTILE = new Set(["null", "an array of null", "a number", "NUL", "a lone surrogate", "a bidi override"]);
const QUERY_HOSTILE = ["%00", "%ED%A0%80", "%E2%80%AE", "-0", "1e309", "NaN", "x".repeat(5_000), "%5B%5D", "a&a=b"];

type Parameter = { name: string; in: string };
type Operation = { parameters?: unknown[]; requestBody?: { content?: Record<string, { schema?: unknown }> } };
const modules = import.meta.glob<Record<string, Handler>>("/app/api/**/route.ts");

/** Each operation with its handler and the top-level fields of its JSON body (from the document's schema). */
function operations() {
  const out: { method: string; path: string; file: string; query: string[]; fields: string[] | null }[] = [];
  for (const [path, item] of Object.entries(document.paths as unknown as Record<string, Record<string, Operation>>)) {
    const file = `/app/api${path.slice("/api".length).replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const json = op.requestBody?.content?.["application/json"];
      out.push({
        method: method.toUpperCase(),
        path,
        file,
        query: (op.parameters ?? [])
          .map((p) => resolve(p) as Parameter)
          .filter((p) => p.in === "query")
          .map((p) => p.name),
        fields: json ? fieldsOf(json.schema) : null,
      });
    }
  }
  return out;
}
function fieldsOf(schema: unknown): string[] {
  const resolved = resolve(schema) as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(resolved?.properties ?? {});
}
function resolve(schema: unknown): unknown {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref) return schema;
  return ref
    .slice(2)
    .split("/")
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], document);
}

const OPERATIONS = operations();
const pathWith = (path: string) => path.replace(/\{\w+\}/g, "1");
const paramsOf = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, "1"]));

/** Calls the operation as a client, and as staff when a client may not: the answer past the role gate. */
async function send(op: (typeof OPERATIONS)[number], opts: { body?: unknown; rawBody?: string; query?: string }) {
  const handler = (await modules[op.file]!())[op.method]!;
  const headers = opts.rawBody !== undefined ? { "Content-Type": "application/json" } : undefined;
  const base = { ...opts, headers, params: paramsOf(op.path), notAnApiRoute: true };
  const res = await call(handler, op.method, pathWith(op.path), { ...base, key: keys.client });
  return res.status === 403 ? call(handler, op.method, pathWith(op.path), { ...base, key: keys.staff }) : res;
}

function expectNoServerError(res: { status: number; headers: Headers }, what: string) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) expect(res.headers.get("content-type"), what).toMatch(/^application\/problem\+json/);
}

describe("hostile input", () => {
  it("finds every operation's handler", () => {
    expect(OPERATIONS.length).toBeGreaterThan(50);
    for (const op of OPERATIONS) expect(modules[op.file], op.file).toBeDefined();
  });

  it.each(OPERATIONS.filter((op) => op.fields !== null).map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: every hostile body and field value is a problem+json 4xx, never a 500",
    async (_name, op) => {
      for (const [name, value] of HOSTILE) {
        expectNoServerError(await send(op, { body: value }), `body: ${name}`);
        if (FIELD_HOSTILE.has(name))
          for (const field of op.fields!)
            expectNoServerError(await send(op, { body: { [field]: value } }), `${field}: ${name}`);
      }
      expectNoServerError(await send(op, { rawBody: '{"a":"\\ud800"}' }), "a lone surrogate escaped in JSON");
      expectNoServerError(await send(op, { rawBody: "[".repeat(10_000) + "]".repeat(10_000) }), "deep arrays");
    },
  );

  it.each(OPERATIONS.filter((op) => op.query.length > 0).map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: every hostile query value is a problem+json 4xx, never a 500",
    async (_name, op) => {
      for (const name of op.query) {
        expectNoServerError(await send(op, { query: `${name}=1&${name}=%00` }), `${name} twice`);
        for (const value of QUERY_HOSTILE)
          expectNoServerError(await send(op, { query: `${name}=${value}` }), `${name}=${value}`);
      }
    },
  );
});
