import { eq } from "drizzle-orm";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { outboxMessages, requests } from "@/db/schema";
import { createApiKey } from "@/lib/auth/api-keys";
import { upsertUser, type SessionUser } from "@/lib/auth/users";
import { invitePerson } from "@/lib/people/invite-person";
import { clientKey, staffKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { fileIds } from "../helpers/id-routes";
import { clientStaff, employee, PASSWORD } from "../helpers/people";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";
import { openInvoiceFixture } from "../helpers/money";
import { writeMarks } from "../helpers/row-counts";
import { ROLES, type Expect, type Need, type Outcome, type Role, type Target } from "../helpers/portal-access-roles";
import { ACTION_ROWS, PUBLIC_ACTIONS, SESSION_ACTIONS } from "../helpers/portal-actions";
import { PAGE_ROWS } from "../helpers/portal-pages";

// The session cookie is decoded by Auth.js inside Next's request scope, which a test does not have: `auth()` answers
// the session of the role under test instead. Everything after it is real: lib/auth/session.ts re-reads the user
// (and its session version) from the database, and the action or page runs against the real database.
const session = vi.hoisted(() => ({ current: null as { user: { id: string; sessionVersion: number } } | null }));
vi.mock("@/auth", () => ({
  auth: () => Promise.resolve(session.current),
  signIn: () => Promise.reject(new Error("not signed in through Auth.js here")),
  signOut: () => Promise.resolve(),
  SignInLocked: class extends Error {},
}));
vi.mock("next-auth", () => ({ AuthError: class extends Error {}, CredentialsSignin: class extends Error {} }));
// Page caches belong to Next's server; outside it there is nothing to revalidate.
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const db = setupTestDb();

let owner: { key: string; accountId: number };
let keys: { client: string; staff: string };
let licensedCode: string;
const users = {} as Record<Exclude<Role, "signedOut">, SessionUser>;
const actingAs = (role: Role) => {
  session.current =
    role === "signedOut" ? null : { user: { id: String(users[role].id), sessionVersion: users[role].sessionVersion } };
};

beforeAll(async () => {
  owner = await clientKey(db(), "Portal Access Records");
  keys = { client: owner.key, staff: await staffKey(db()) };
  users.owner = (await clientStaff(db(), "Portal Access Records", "owner@access.test")).user;
  users.otherClient = (await clientStaff(db(), "Other Access Records", "other@access.test")).user;
  users.employee = (await employee(db(), "staff@access.test")).user;
  const otherBody = requestBody({
    track: {
      album: {
        ...requestBody().track.album,
        licensee: { companyName: "Other LLC", lastName: "O", email: "o@example.com" },
      },
    },
  });
  const other = await fileIds(owner, otherBody);
  users.otherLicensee = await licenseeUser("other-licensee@access.test", other.licenseeId);
  const licensed = await requestIn(keys, "licensed", await addSong(keys.staff, songBody({ title: "Access Verified" })));
  const [row] = await db().select({ code: requests.verificationCode }).from(requests).where(eq(requests.id, licensed));
  licensedCode = row!.code!;
});

const licenseeUser = (email: string, licenseeId: string) =>
  upsertUser(db(), {
    email,
    name: "Lena",
    password: PASSWORD,
    role: "licensee",
    accountId: owner.accountId,
    licenseeId,
  });

/** A fresh request of the owning account and what hangs on it; the album's licensee user is its licensee's. */
async function freshTarget(needs?: Need): Promise<Target> {
  const ids = await fileIds(owner);
  users.licensee = await licenseeUser("licensee@access.test", ids.licenseeId);
  const member = (await clientStaff(db(), "Portal Access Records", `member-${ids.requestId}@access.test`, "member"))
    .user;
  const ownerActor = {
    kind: "client",
    name: "o",
    accountId: owner.accountId,
    role: "admin",
    userId: users.owner.id,
    apiKeyId: null,
  } as const;
  const invitation = await invitePerson(db(), ownerActor, {
    email: `invited-${ids.requestId}@example.com`,
    name: "I",
    role: "member",
  });
  const catalogSong = await addSong(keys.staff, songBody({ title: `Access ${ids.requestId}` }));
  const [mail] = await db()
    .insert(outboxMessages)
    .values({ recipients: ["x@example.com"], subject: "Undelivered", body: "b", status: "failed" })
    .returning({ id: outboxMessages.id });
  const target: Target = {
    ...ids,
    licensedCode,
    invitationId: invitation.id,
    memberId: member.id,
    songId: catalogSong.id,
    failedMailId: mail!.id,
  };
  if (needs === "apiKey")
    target.apiKeyId = (
      await createApiKey(db(), { accountId: owner.accountId, name: `key ${ids.requestId}` })
    ).record.id;
  if (needs === "invoice") target.invoiceId = await openInvoiceFixture(owner.accountId);
  if (needs === "licensing")
    target.licensing = {
      requestId: await requestIn(keys, "in_progress", catalogSong),
      ownerId: catalogSong.owners[0]!.id,
    };
  return target;
}

/** What a call came to, as the user would see it. */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome | string> {
  try {
    const result = (await run()) as { ok: boolean; code?: string } | null;
    if (result && typeof result === "object" && "ok" in result && !result.ok) return result.code ?? "failed";
    return "ok";
  } catch (err) {
    const digest = String((err as { digest?: unknown }).digest ?? "");
    if (digest.startsWith("NEXT_REDIRECT")) return digest.split(";")[2] === "/login" ? "sign_in" : "ok";
    if (digest === "NEXT_HTTP_ERROR_FALLBACK;404") return "not_found";
    if (digest === "NEXT_HTTP_ERROR_FALLBACK;403") return "forbidden";
    throw err;
  }
}

/** Refused roles first (each must leave the database as it was), then the allowed ones. */
const inOrder = (expect: Expect) => [...ROLES].sort((a, b) => Number(expect[a] === "ok") - Number(expect[b] === "ok"));

describe("every portal server action, as each role", () => {
  it.each(ACTION_ROWS.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    let target = await freshTarget(row.needs);
    let used = false;
    for (const role of inOrder(row.expect)) {
      // Each allowed call gets its own target: the one before it may have cancelled, revoked or deactivated it.
      if (used) target = await freshTarget(row.needs);
      actingAs(role);
      const before = await writeMarks(db());
      const outcome = await outcomeOf(() => row.call(target));
      expect(outcome, `${row.name} as ${role}`).toBe(row.expect[role]);
      if (outcome === "ok") used = true;
      else expect(await writeMarks(db()), `${row.name} as ${role} changed the database`).toEqual(before);
    }
  });

  it.each(PUBLIC_ACTIONS.map((row) => [row.name, row] as const))("%s answers every role alike", async (_name, row) => {
    await freshTarget();
    for (const role of ROLES) {
      actingAs(role);
      const before = await writeMarks(db());
      expect(await outcomeOf(row.call), `${row.name} as ${role}`).toBe(row.outcome);
      if (row.outcome !== "ok") expect(await writeMarks(db())).toEqual(before);
    }
  });
});

describe("every portal page with an id, as each role", () => {
  it.each(PAGE_ROWS.map((row) => [row.page, row] as const))("%s", async (_page, row) => {
    const target = await freshTarget(row.needs);
    for (const role of ROLES) {
      actingAs(role);
      const props = { params: Promise.resolve({ id: String(row.id(target)) }), searchParams: Promise.resolve({}) };
      expect(await outcomeOf(() => row.render(props)), `${row.page} as ${role}`).toBe(row.expect[role]);
    }
  });
});

describe("the tables above", () => {
  const appDir = path.join(process.cwd(), "app");
  const files = readdirSync(appDir, { recursive: true, encoding: "utf8" });

  it("have a row for every exported server action", async () => {
    const listed = new Set([
      ...ACTION_ROWS.map((r) => r.name),
      ...PUBLIC_ACTIONS.map((r) => r.name),
      ...SESSION_ACTIONS,
    ]);
    const actionFiles = files.filter(
      (f) => /\.tsx?$/.test(f) && /^["']use server["']/m.test(readFileSync(path.join(appDir, f), "utf8")),
    );
    const missing: string[] = [];
    for (const file of actionFiles) {
      const mod = (await import(path.join(appDir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        const row = `${path.dirname(file)}#${name}`;
        if (typeof value === "function" && !listed.has(row)) missing.push(row);
      }
    }
    expect(actionFiles.length).toBeGreaterThan(10);
    expect(missing, "add these server actions to tests/helpers/portal-actions.ts").toEqual([]);
  });

  it("have a row for every page with an id in its path", () => {
    const idPages = files.filter(
      (f) => path.basename(f) === "page.tsx" && /\[(?!\.\.\.)[^\]]+\]/.test(f) && !f.startsWith("api"),
    );
    expect(idPages.length).toBeGreaterThan(0);
    expect(
      idPages.filter((f) => !PAGE_ROWS.some((r) => r.page === f)),
      "add these pages to tests/helpers/portal-pages.ts",
    ).toEqual([]);
  });
});
