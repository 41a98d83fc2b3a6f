import { and, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@/db/schema";
import { listRecentLockouts } from "@/lib/auth/list-lockouts";
import { attemptSignIn } from "@/lib/auth/attempt-sign-in";
import { upsertUser } from "@/lib/auth/users";
import { setClock } from "@/lib/clock";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const PASSWORD = "the-right-password-1";
const T0 = new Date("2030-03-01T10:00:00Z");
const at = (ms: number) => setClock(new Date(T0.getTime() + ms));
afterEach(() => setClock(undefined));

beforeAll(async () => {
  for (const email of ["known@throttle.example", "grows@throttle.example", "later@throttle.example"]) {
    await upsertUser(db(), { email, name: "Known", password: PASSWORD, role: "employee" });
  }
});

const attempt = (email: string, password: string, ip: string | null = "192.0.2.1") =>
  attemptSignIn(db(), { email, password, ip });
const outcome = (r: Awaited<ReturnType<typeof attempt>>) => (r.ok ? "signed in" : r.lockedUntil ? "locked" : "refused");
const events = async (email: string) =>
  (
    await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(
          inArray(auditEvents.action, ["sign_in", "sign_in_failed", "lockout"]),
          sql`${auditEvents.detail}->>'email' = ${email}`,
        ),
      )
      .orderBy(auditEvents.id)
  ).map((e) => e.action);

describe("sign-in throttling", () => {
  it.each([
    ["an existing user", "known@throttle.example"],
    ["an email no user has", "ghost@throttle.example"],
  ])(
    "locks %s after 5 failures in a row, refusing even the right password, with the same answers",
    async (_l, email) => {
      at(0);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(outcome(await attempt(email, `wrong-${i}`)));
      answers.push(outcome(await attempt(email, PASSWORD)));
      expect(answers).toEqual(["refused", "refused", "refused", "refused", "locked", "locked"]);
      expect(await events(email)).toEqual([...Array(5).fill("sign_in_failed"), "lockout", "sign_in_failed"]);
    },
  );

  it("lets the right password in after the lock ends, and records the sign-in", async () => {
    at(0);
    for (let i = 0; i < 5; i++) await attempt("later@throttle.example", "wrong");
    at(59_000);
    expect(outcome(await attempt("later@throttle.example", PASSWORD))).toBe("locked");
    at(61_000);
    const ok = await attempt("later@throttle.example", PASSWORD);
    expect(ok).toMatchObject({ ok: true, user: { email: "later@throttle.example" } });
    expect((await events("later@throttle.example")).at(-1)).toBe("sign_in");
    // The run of failures starts again from zero after a sign-in.
    for (let i = 0; i < 4; i++) expect(outcome(await attempt("later@throttle.example", "wrong"))).toBe("refused");
  });

  it("locks each further failure of the same run twice as long", async () => {
    at(0);
    let last = await attempt("grows@throttle.example", "wrong");
    for (let i = 0; i < 4; i++) last = await attempt("grows@throttle.example", "wrong");
    expect(!last.ok && last.lockedUntil?.getTime()).toBe(T0.getTime() + 60_000);
    at(61_000);
    const second = await attempt("grows@throttle.example", "wrong");
    expect(!second.ok && second.lockedUntil?.getTime()).toBe(T0.getTime() + 61_000 + 120_000);
  });

  it("forgets failures 15 minutes apart", async () => {
    for (let i = 0; i < 8; i++) {
      at(i * 16 * 60_000);
      expect(outcome(await attempt("slow@throttle.example", "wrong"))).toBe("refused");
    }
  });

  it("locks a client IP that fails 50 times across many emails; other IPs are unaffected", async () => {
    at(0);
    const answers = [];
    for (let i = 0; i < 50; i++)
      answers.push(outcome(await attempt(`spray-${i}@throttle.example`, "wrong", "198.51.100.7")));
    expect(answers.slice(0, 49).every((a) => a === "refused")).toBe(true);
    expect(answers[49]).toBe("locked");
    expect(outcome(await attempt("known2@throttle.example", "wrong", "198.51.100.7"))).toBe("locked");
    expect(outcome(await attempt("spray-0@throttle.example", "wrong", "198.51.100.8"))).toBe("refused");
  });

  it("shows employees the recent lockouts, and no one else", async () => {
    const staff = { kind: "employee" as const, name: "s", userId: null, apiKeyId: null };
    const lockouts = await listRecentLockouts(db(), staff);
    expect(lockouts.map((l) => `${l.scope} ${l.email}`)).toEqual(
      expect.arrayContaining([
        "email:ghost@throttle.example ghost@throttle.example",
        "ip:198.51.100.7 spray-49@throttle.example",
      ]),
    );
    const client = {
      kind: "client" as const,
      name: "c",
      accountId: 1,
      role: "admin" as const,
      userId: null,
      apiKeyId: null,
    };
    await expect(listRecentLockouts(db(), client)).rejects.toMatchObject({ code: "forbidden" });
  });
});
