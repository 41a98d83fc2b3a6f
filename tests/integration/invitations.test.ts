import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, invitations, outboxMessages, users } from "@/db/schema";
import { actorFromSessionUser, findSessionUser, verifyCredentials } from "@/lib/auth/users";
import { setClock } from "@/lib/clock";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { drainOutbox, ERASED_BODY } from "@/lib/outbox/deliver-outbox";
import { smtpMailer } from "@/lib/outbox/mailer";
import { acceptInvitation, findInvitationByToken } from "@/lib/people/accept-invitation";
import { invitePerson } from "@/lib/people/invite-person";
import { listPeople } from "@/lib/people/list-people";
import { resendInvitation } from "@/lib/people/resend-invitation";
import { revokeInvitation } from "@/lib/people/revoke-invitation";
import { invitationInput } from "@/lib/people/schemas";
import { parseInput } from "@/lib/validation";
import { clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { clientStaff, employee, mailsTo, PASSWORD, tokenMailedTo, type Person } from "../helpers/people";
import { startSmtpListener } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const accept = (token: string, name = "Newcomer") =>
  acceptInvitation(db(), token, { name, password: PASSWORD, confirm: PASSWORD });
let staff: Person;
let adminA: Person;
let memberA: Person;
let adminB: Person;

beforeAll(async () => {
  staff = await employee(db(), "inviting.staff@coverdesk.example");
  adminA = await clientStaff(db(), "Invite A Records", "admin.a@a-records.example");
  memberA = await clientStaff(db(), "Invite A Records", "member.a@a-records.example", "member");
  adminB = await clientStaff(db(), "Invite B Records", "admin.b@b-records.example");
});
afterEach(() => {
  setClock(undefined);
  vi.unstubAllEnvs();
});

describe("an invitation's one-time token", () => {
  it("has at least 128 bits, is stored only as a hash, and is mailed to the addressee as a link", async () => {
    vi.stubEnv("PUBLIC_BASE_URL", "https://desk.coverdesk.example");
    await invitePerson(db(), adminA.actor, { email: "hashed@a-records.example", name: "Hash Ed", role: "member" });
    const token = await tokenMailedTo(db(), "hashed@a-records.example");
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    const rows = await db().select().from(invitations).where(eq(invitations.email, "hashed@a-records.example"));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const [mail] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipients, ["hashed@a-records.example"]));
    expect(mail?.body).toContain(`https://desk.coverdesk.example/accept-invitation?token=${token}`);
    expect(mail?.body).toContain("as a member of Invite A Records");
  });

  it("works once: accepting makes the user, signs in with the chosen password, and the link is then dead", async () => {
    await invitePerson(db(), adminA.actor, { email: "once@a-records.example", name: "Once", role: "member" });
    const token = await tokenMailedTo(db(), "once@a-records.example");
    expect(await findInvitationByToken(db(), token)).toMatchObject({
      email: "once@a-records.example",
      joining: "a member of Invite A Records",
    });
    expect(await accept(token, "Once Upon")).toEqual({ email: "once@a-records.example" });
    const user = await verifyCredentials(db(), "once@a-records.example", PASSWORD);
    expect(user).toMatchObject({
      name: "Once Upon",
      role: "client",
      clientRole: "member",
      accountId: adminA.user.accountId,
    });
    expect(await findInvitationByToken(db(), token)).toBeNull();
    await expect(accept(token)).rejects.toMatchObject({ code: "not_found" });
    expect(await db().select().from(users).where(eq(users.email, "once@a-records.example"))).toHaveLength(1);
  });

  it("expires after 7 days", async () => {
    const t0 = new Date("2026-03-02T12:00:00Z");
    setClock(t0);
    await invitePerson(db(), adminA.actor, { email: "late@a-records.example", name: "Late", role: "member" });
    const token = await tokenMailedTo(db(), "late@a-records.example");
    setClock(new Date(t0.getTime() + 7 * 24 * 3600_000 - 1000));
    expect(await findInvitationByToken(db(), token)).not.toBeNull();
    setClock(new Date(t0.getTime() + 7 * 24 * 3600_000 + 1000));
    expect(await findInvitationByToken(db(), token)).toBeNull();
    await expect(accept(token)).rejects.toMatchObject({ code: "not_found" });
    const people = await listPeople(db(), adminA.actor);
    expect(people.invitations.find((i) => i.email === "late@a-records.example")).toMatchObject({ expired: true });
  });

  it("is replaced by a resend (the old link dies, the new one works for 7 more days) and killed by a revoke", async () => {
    const { id } = await invitePerson(db(), adminA.actor, {
      email: "resent@a-records.example",
      name: "Resent",
      role: "member",
    });
    const first = await tokenMailedTo(db(), "resent@a-records.example");
    await resendInvitation(db(), adminA.actor, id);
    const second = await tokenMailedTo(db(), "resent@a-records.example");
    expect(second).not.toBe(first);
    expect(await mailsTo(db(), "resent@a-records.example")).toBe(2);
    await expect(accept(first)).rejects.toMatchObject({ code: "not_found" });
    await revokeInvitation(db(), adminA.actor, id);
    await expect(accept(second)).rejects.toMatchObject({ code: "not_found" });
    await expect(resendInvitation(db(), adminA.actor, id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("who may invite whom", () => {
  it("refuses an email that already signs in, or is already invited to the same place", async () => {
    const asTyped = parseInput(invitationInput, { email: " ADMIN.B@b-records.example", name: "B", role: "member" });
    await expect(invitePerson(db(), adminA.actor, asTyped)).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "email", message: "already has a CoverDesk sign-in" }],
    });
    await invitePerson(db(), adminA.actor, { email: "twice@a-records.example", name: "Twice", role: "member" });
    await expect(
      invitePerson(db(), adminA.actor, { email: "twice@a-records.example", name: "Twice", role: "admin" }),
    ).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it.each([
    ["a member invites client staff", () => memberA, "member" as const, "forbidden"],
    ["a member invites an admin", () => memberA, "admin" as const, "forbidden"],
    ["a client admin invites an employee", () => adminA, "employee" as const, "forbidden"],
  ])("%s: refused", async (_label, who, role, code) => {
    await expect(
      invitePerson(db(), who().actor, { email: "nope@example.com", name: "Nope", role }),
    ).rejects.toMatchObject({ code });
  });

  it("never into another account: a client's account id is ignored, another account's licensee is refused", async () => {
    const { key } = await clientKey(db(), "Invite B Records");
    const bLicensee = (await fileRequest(key)).licenseeId;
    const { accountId } = await invitePerson(
      db(),
      adminA.actor,
      { email: "stays@a-records.example", name: "S", role: "member" },
      adminB.user.accountId!,
    );
    expect(accountId).toBe(adminA.user.accountId);
    for (const who of [adminA, memberA]) {
      await expect(
        invitePerson(db(), who.actor, {
          email: "spy@example.com",
          name: "Spy",
          role: "licensee",
          licenseeId: bLicensee,
        }),
      ).rejects.toMatchObject({ code: "validation_failed", errors: [{ path: "licenseeId" }] });
    }
    expect(await mailsTo(db(), "spy@example.com")).toBe(0);
  });

  it("lets no one see, resend or revoke another account's invitations", async () => {
    const { id } = await invitePerson(db(), adminB.actor, {
      email: "b-only@b-records.example",
      name: "B Only",
      role: "member",
    });
    await expect(resendInvitation(db(), adminA.actor, id)).rejects.toMatchObject({ code: "not_found" });
    await expect(revokeInvitation(db(), adminA.actor, id)).rejects.toMatchObject({ code: "not_found" });
    const seen = await listPeople(db(), adminA.actor, adminB.user.accountId!);
    expect(seen.invitations.map((i) => i.email)).not.toContain("b-only@b-records.example");
    expect(seen.people.map((p) => p.email)).not.toContain("admin.b@b-records.example");
    expect((await listPeople(db(), adminB.actor)).invitations.map((i) => i.email)).toContain(
      "b-only@b-records.example",
    );
  });

  it("employees invite employees, and client staff into the account they name", async () => {
    await invitePerson(db(), staff.actor, {
      email: "colleague@coverdesk.example",
      name: "Colleague",
      role: "employee",
    });
    await accept(await tokenMailedTo(db(), "colleague@coverdesk.example"));
    expect(await verifyCredentials(db(), "colleague@coverdesk.example", PASSWORD)).toMatchObject({
      role: "employee",
      accountId: null,
    });
    await invitePerson(
      db(),
      staff.actor,
      { email: "second.admin@b-records.example", name: "Second", role: "admin" },
      adminB.user.accountId!,
    );
    await accept(await tokenMailedTo(db(), "second.admin@b-records.example"));
    expect(await verifyCredentials(db(), "second.admin@b-records.example", PASSWORD)).toMatchObject({
      role: "client",
      clientRole: "admin",
      accountId: adminB.user.accountId,
    });
    await expect(
      invitePerson(db(), staff.actor, { email: "where@example.com", name: "W", role: "member" }),
    ).rejects.toMatchObject({
      code: "validation_failed",
    });
  });
});

describe("licensee users", () => {
  it("are invited by client staff for one licensee and then see only that licensee's albums", async () => {
    const { key } = await clientKey(db(), "Invite A Records");
    const mine = await fileRequest(
      key,
      requestBody({
        track: {
          album: { title: "Mine", artist: "Me", licensee: { companyName: "Mine LLC", email: "mine@example.com" } },
        },
      }),
    );
    await fileRequest(
      key,
      requestBody({
        track: {
          album: {
            title: "Theirs",
            artist: "Them",
            licensee: { companyName: "Theirs LLC", email: "theirs@example.com" },
          },
        },
      }),
    );
    await invitePerson(db(), memberA.actor, {
      email: "artist@mine.example",
      name: "Artist",
      role: "licensee",
      licenseeId: mine.licenseeId,
    });
    const token = await tokenMailedTo(db(), "artist@mine.example");
    expect(await findInvitationByToken(db(), token)).toMatchObject({
      joining: "a user of Mine LLC (a licensee of Invite A Records)",
    });
    await accept(token, "The Artist");
    const user = await verifyCredentials(db(), "artist@mine.example", PASSWORD);
    expect(user).toMatchObject({ role: "licensee", licenseeId: mine.licenseeId });
    const dashboard = await getDashboard(db(), actorFromSessionUser(user!));
    expect(dashboard.kind === "licensee" && dashboard.albums.map((a) => a.title)).toEqual(["Mine"]);
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, "invitation.accepted"));
    expect(audit.some((e) => e.actorName === "The Artist" && e.actorKind === "licensee")).toBe(true);
  });
});

describe("invitation mail", () => {
  it("goes to its addressee even when a licensee, and its body (the live link) is erased once sent", async () => {
    const smtp = await startSmtpListener();
    try {
      await db().delete(outboxMessages);
      const { key } = await clientKey(db(), "Invite A Records");
      const filed = await fileRequest(
        key,
        requestBody({
          track: {
            album: { title: "Mailed", artist: "M", licensee: { lastName: "Mailer", email: "mailer@licensee.example" } },
          },
        }),
      );
      await invitePerson(db(), adminA.actor, {
        email: "mailer@licensee.example",
        name: "Mailer",
        role: "licensee",
        licenseeId: filed.licenseeId,
      });
      const token = await tokenMailedTo(db(), "mailer@licensee.example");
      expect(await drainOutbox(db(), smtpMailer(smtp.url))).toMatchObject({ sent: 1 });
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.to).toEqual(["mailer@licensee.example"]);
      expect(smtp.mails[0]!.subject).toBe("You are invited to CoverDesk");
      expect(smtp.mails[0]!.text).toContain(`token=${token}`);
      const [stored] = await db().select().from(outboxMessages);
      expect(stored).toMatchObject({ status: "sent", body: ERASED_BODY });
      expect(JSON.stringify(await db().select().from(outboxMessages))).not.toContain(token);
    } finally {
      await smtp.close();
    }
  });
});

describe("accepting", () => {
  it("refuses a common or short password and keeps the link usable", async () => {
    await invitePerson(db(), adminA.actor, { email: "weak@a-records.example", name: "Weak", role: "member" });
    const token = await tokenMailedTo(db(), "weak@a-records.example");
    await expect(
      acceptInvitation(db(), token, { name: "W", password: "password123", confirm: "password123" }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "password", message: expect.stringContaining("common") }],
    });
    expect(await findInvitationByToken(db(), token)).not.toBeNull();
    const user = (await accept(token)) && (await verifyCredentials(db(), "weak@a-records.example", PASSWORD));
    expect(await findSessionUser(db(), { id: user!.id, sessionVersion: user!.sessionVersion })).not.toBeNull();
  });
});
