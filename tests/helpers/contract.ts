import { expect } from "vitest";
import { API_VERSION_HEADER, API_VERSIONS } from "@/lib/api-versions";
import { operations } from "@/lib/openapi/document";
import { expectedResponse, type Operation } from "@/lib/openapi/operation";

const matchers = operations.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, "[^/]+")}$`),
}));

function operationOf(method: string, path: string): Operation | undefined {
  return matchers.find((m) => m.op.method === method.toLowerCase() && m.pattern.test(path))?.op;
}

/**
 * The contract test: every response the integration suite receives through `call()` must be one the OpenAPI
 * document declares for its operation (the status, the content type, and a body the response's schema accepts).
 * A path no operation matches is one the catch-all route answers, and must be its 404 (or the authentication before it).
 */
export function expectDeclaredResponse(
  method: string,
  path: string,
  res: { status: number; headers: Headers; body: unknown },
) {
  const op = operationOf(method, path);
  const where = `${method} ${path} → ${res.status}`;
  // Every /api answer names the version that answered it, errors and unknown paths included (lib/http/api-version.ts).
  expect(API_VERSIONS, `${where}: ${API_VERSION_HEADER}`).toContain(res.headers.get(API_VERSION_HEADER));
  if (!op) {
    expect([401, 403, 404, 429], `${where}: no operation in the OpenAPI document`).toContain(res.status);
    return;
  }
  const expected = expectedResponse(op, res.status);
  expect(
    expected,
    `${where}: status not declared for ${op.method.toUpperCase()} ${op.path} (${JSON.stringify(res.body)?.slice(0, 300)})`,
  ).toBeDefined();
  const contentType = res.headers.get("content-type") ?? "";
  if (expected!.contentType) expect(contentType, `${where}: content type`).toContain(expected!.contentType);
  if (!expected!.schema) return;
  const parsed = expected!.schema.safeParse(res.body);
  expect(
    parsed.success,
    `${where}: body does not match the document: ${parsed.error?.message} in ${JSON.stringify(res.body)?.slice(0, 500)}`,
  ).toBe(true);
  if (op.success.find((s) => s.status === res.status)?.list)
    expect(res.headers.get("x-total-count"), `${where}: X-Total-Count`).toMatch(/^\d+$/);
}
