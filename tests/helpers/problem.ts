import { expect } from "vitest";

type Res = { status: number; headers: Headers; body: any };

const PROBLEM_KEYS = ["type", "title", "status", "detail", "code", "errors", "earliest"];

/** Nothing a client sends may make us show internals: no stack frames, no error class names, no file paths. */
function expectNoInternals(res: Res): void {
  const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body ?? "");
  expect(text).not.toMatch(/\bat\s+\S*\s*\(?(file:\/\/)?\/[^\s)]*:\d+(:\d+)?/); // "at fn (/path/file.ts:1:2)"
  expect(text).not.toMatch(/\b\w*Error:/);
  expect(text).not.toMatch(/node_modules|\/work\/|\.tsx?:\d/);
}

/** A problem+json response (docs/product-rules.md, "Errors") with the given status and code; returns its body. */
export function expectProblem(res: Res, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }, JSON.stringify(res.body)).toEqual({ status, code });
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.headers.get("x-request-id")).toBeTruthy();
  expect(res.body).toMatchObject({
    type: expect.stringMatching(new RegExp(`^(https?://[^/\\s]+)?/docs/errors#${code}$`)),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
  });
  expect(PROBLEM_KEYS).toEqual(expect.arrayContaining(Object.keys(res.body)));
  if (code === "validation_failed") expect(res.body.errors?.length).toBeGreaterThan(0);
  for (const e of res.body.errors ?? []) expect(e).toEqual({ path: expect.any(String), message: expect.any(String) });
  expectNoInternals(res);
  return res.body as {
    type: string;
    title: string;
    status: number;
    detail: string;
    code: string;
    errors?: { path: string; message: string }[];
  };
}

/** The paths of a validation problem's errors, sorted. */
export const errorPaths = (res: Res): string[] =>
  ((res.body?.errors ?? []) as { path: string }[]).map((e) => e.path).sort();

/** A call's answer, once it is known to be no 500 and to hold no internals, whatever was sent. */
export async function answeredWithout500<R extends Res>(pending: Promise<R>): Promise<R> {
  const res = await pending;
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expectNoInternals(res);
  return res;
}
