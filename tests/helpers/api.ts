import type { Db } from "@/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { expectDeclaredResponse } from "./contract";

export type Handler = (
  req: Request,
  ctx: { params?: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

export type CallOptions = {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: string;
  /** A handler the test builds itself (not a route of the API), so the OpenAPI document does not describe it. */
  notAnApiRoute?: boolean;
};

/** Calls a route handler with a real Request, the way Next would. */
export async function call(handler: Handler, method: string, path: string, opts: CallOptions = {}) {
  const headers = new Headers(opts.headers);
  if (opts.key) headers.set("Authorization", `Bearer ${opts.key}`);
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("Content-Type", "application/json");
  }
  const url = `http://localhost${path}${opts.query ? `?${opts.query}` : ""}`;
  // Like Next: routes without dynamic segments get no params at all.
  const res = await handler(new Request(url, { method, headers, body }), {
    params: opts.params ? Promise.resolve(opts.params) : undefined,
  });
  const text = await res.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = text;
    }
  }
  if (!opts.notAnApiRoute)
    expectDeclaredResponse(method, path, { status: res.status, headers: res.headers, body: json });
  return { status: res.status, headers: res.headers, body: json as any };
}

export async function clientKey(db: Db, accountName: string) {
  const account = await findOrCreateAccount(db, accountName);
  const { key } = await createApiKey(db, { accountId: account.id, name: "test" });
  return { key, accountId: account.id };
}

export async function staffKey(db: Db) {
  return (await createApiKey(db, { accountId: null, name: "staff test" })).key;
}
