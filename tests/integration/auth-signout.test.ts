import { decode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { handlers } from "@/auth";
import { findSessionUser } from "@/lib/auth/users";
import { employee, PASSWORD } from "../helpers/people";
import { setupTestDb } from "../helpers/test-db";

// The secret auth.ts was loaded with: vitest.config.mts sets it for every file.
const SECRET = process.env.AUTH_SECRET!;
const db = setupTestDb();
const BASE = "http://localhost:3000";
const SESSION_COOKIE = "authjs.session-token";

/** The cookies a response sets, as name → value. */
const setCookies = (res: Response) =>
  Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(";")[0]!.split(/=(.*)/s).slice(0, 2)));
const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

async function csrf(jar: Record<string, string>) {
  const res = await handlers.GET(new NextRequest(`${BASE}/api/auth/csrf`, { headers: { cookie: cookieHeader(jar) } }));
  Object.assign(jar, setCookies(res));
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

const post = (path: string, jar: Record<string, string>, form: Record<string, string>) =>
  handlers.POST(
    new NextRequest(`${BASE}/api/auth/${path}`, {
      method: "POST",
      headers: { cookie: cookieHeader(jar), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    }),
  );

describe("Auth.js's own POST /api/auth/signout", () => {
  it("ends the session: the old cookie no longer signs anyone in", async () => {
    const me = await employee(db(), "leaver@coverdesk.example");
    const jar: Record<string, string> = {};
    const signIn = await post("callback/credentials", jar, {
      email: "leaver@coverdesk.example",
      password: PASSWORD,
      csrfToken: await csrf(jar),
    });
    Object.assign(jar, setCookies(signIn));
    const cookie = jar[SESSION_COOKIE];
    expect(cookie).toBeTruthy();
    const claims = await decode({ token: cookie, secret: SECRET, salt: SESSION_COOKIE });
    const session = { id: me.user.id, sessionVersion: claims!.sv as number };
    expect(await findSessionUser(db(), session)).not.toBeNull();

    const out = await post("signout", jar, { csrfToken: await csrf(jar) });
    expect(out.status).toBe(302);
    // Someone who kept the cookie (a copy, a shared computer) is signed in no more.
    expect(await findSessionUser(db(), session)).toBeNull();
  });
});
