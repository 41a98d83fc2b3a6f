import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/users";
import { clientStaff, employee } from "../helpers/people";
import { setupTestDb } from "../helpers/test-db";

// Every portal server action (app/**/actions.ts, app/**/*-actions.ts), called the way a forged POST can call it:
// any bound argument and any value replaced by a hostile one. Each must answer a form error (or Next's redirect or
// 404), never throw an unknown error (a 500 page). The session is mocked as in portal-access.test.ts; the rest is
// real. No randomness: the same table every run.
const session = vi.hoisted(() => ({ current: null as { user: { id: string; sessionVersion: number } } | null }));
vi.mock("@/auth", () => ({
  auth: () => Promise.resolve(session.current),
  signIn: () => Promise.reject(new Error("not signed in through Auth.js here")),
  signOut: () => Promise.resolve(),
  SignInLocked: class extends Error {},
}));
vi.mock("next-auth", () => ({ AuthError: class extends Error {}, CredentialsSignin: class extends Error {} }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const db = setupTestDb();
const users = {} as Record<"client" | "employee", SessionUser>;
beforeAll(async () => {
  users.client = (await clientStaff(db(), "Hostile Action Records", "admin@hostile-actions.test")).user;
  users.employee = (await employee(db(), "staff@hostile-actions.test")).user;
});

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};
const HOSTILE: [name: string, value: unknown][] = [
  ["undefined", undefined],
  ["null", null],
  ["a number", 42],
  ["NaN", Number.NaN],
  ["an array of null", [null]],
  ["an object of null", { title: null, name: null, token: null }],
  ["a string with NUL", "a\u0000b"],
  ["a lone surrogate", "a\ud800b"],
  ["a bidi override", "x\u202Egpj.csv"],
  ["a huge string", "x".repeat(100_000)],
  ["a FormData", form({ title: "\u0000", file: "\ud800" })],
  ["an object with a prototype key", JSON.parse('{"__proto__":{"admin":true}}') as unknown],
];

type Action = (...args: unknown[]) => Promise<unknown>;
const modules = import.meta.glob<Record<string, unknown>>(["/app/**/actions.ts", "/app/**/*-actions.ts"], {
  eager: true,
});
const ACTIONS = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, Action] => typeof entry[1] === "function")
    .map(([name, fn]) => [`${file.slice("/app/".length)}#${name}`, fn] as const),
);

/** Throws when the action threw anything but a DomainError turned form result or Next's own redirect / 404 / 403. */
async function expectHandled(run: () => Promise<unknown>, what: string) {
  try {
    await run();
  } catch (err) {
    const digest = String((err as { digest?: unknown }).digest ?? "");
    if (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR_FALLBACK")) return;
    throw new Error(
      `${what} threw: ${(err as Error).message} at ${(err as Error).stack
        ?.split("\n")
        .find((l) => /\/(app|lib)\//.test(l))
        ?.trim()}`,
      { cause: err },
    );
  }
}

describe("every server action, given hostile values", () => {
  it("finds the actions", () => {
    expect(ACTIONS.length).toBeGreaterThan(40);
  });

  it.each(ACTIONS)("%s answers a form error, never an unknown error", async (_name, action) => {
    for (const role of ["client", "employee"] as const) {
      session.current = { user: { id: String(users[role].id), sessionVersion: users[role].sessionVersion } };
      for (const [name, value] of HOSTILE) {
        await expectHandled(() => action(value), `${role}, ${name}`);
        await expectHandled(() => action(value, value), `${role}, ${name} twice`);
        await expectHandled(() => action(1, value), `${role}, id 1 and ${name}`);
        await expectHandled(() => action(1, 1, value), `${role}, ids 1 and ${name}`);
        await expectHandled(() => action(value, {}), `${role}, ${name} and no values`);
      }
    }
  });
});
