import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@/db/schema";
import { findSessionUser, verifyCredentials } from "@/lib/auth/users";
import { changeClientRole } from "@/lib/people/change-client-role";
import { changePassword } from "@/lib/people/change-password";
import { deactivatePerson, reactivatePerson } from "@/lib/people/deactivate-person";
import { updateProfile } from "@/lib/people/update-profile";
import { clientStaff, employee, NEW_PASSWORD, PASSWORD, type Person } from "../helpers/people";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let staff: Person;
let adminA: Person;
let adminB: Person;

/** Whether a session signed in as `p` (with the session version it got then) is still good. */
const sessionAlive = async (p: Person) =>
  (await findSessionUser(db(), { id: p.user.id, sessionVersion: p.user.sessionVersion })) !== null;

beforeAll(async () => {
  staff = await employee(db(), "manager.staff@coverdesk.example");
  adminA = await clientStaff(db(), "Manage A Records", "admin@manage-a.example");
  adminB = await clientStaff(db(), "Manage B Records", "admin@manage-b.example");
});

describe("deactivating people", () => {
  it("ends their sessions at once and stops their sign-in; reactivating lets them sign in again", async () => {
    const member = await clientStaff(db(), "Manage A Records", "member1@manage-a.example", "member");
    expect(await sessionAlive(member)).toBe(true);
    await deactivatePerson(db(), adminA.actor, member.user.id);
    expect(await sessionAlive(member)).toBe(false);
    expect(await verifyCredentials(db(), "member1@manage-a.example", PASSWORD)).toBeNull();
    await reactivatePerson(db(), adminA.actor, member.user.id);
    expect(await sessionAlive(member)).toBe(false); // the old session stays ended
    expect(await verifyCredentials(db(), "member1@manage-a.example", PASSWORD)).not.toBeNull();
    const events = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(member.user.id)));
    expect(events.map((e) => [e.action, e.actorName, e.accountId])).toEqual([
      ["user.deactivated", adminA.user.name, adminA.user.accountId],
      ["user.reactivated", adminA.user.name, adminA.user.accountId],
    ]);
  });

  it("is for admins of the person's account and employees; another account's person reads as missing", async () => {
    const member = await clientStaff(db(), "Manage A Records", "member2@manage-a.example", "member");
    const otherMember = await clientStaff(db(), "Manage A Records", "member3@manage-a.example", "member");
    await expect(deactivatePerson(db(), adminB.actor, member.user.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(deactivatePerson(db(), otherMember.actor, member.user.id)).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(changeClientRole(db(), adminB.actor, member.user.id, "admin")).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await sessionAlive(member)).toBe(true);
    await deactivatePerson(db(), staff.actor, member.user.id);
    expect(await sessionAlive(member)).toBe(false);
  });

  it("never switches off oneself", async () => {
    await expect(deactivatePerson(db(), adminA.actor, adminA.user.id)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("the last admin of an account", () => {
  it("can be neither deactivated nor demoted, until another admin exists", async () => {
    const solo = await clientStaff(db(), "Solo Records", "solo@solo.example");
    const helper = await clientStaff(db(), "Solo Records", "helper@solo.example", "member");
    await expect(deactivatePerson(db(), staff.actor, solo.user.id)).rejects.toMatchObject({
      code: "invalid_transition",
    });
    await expect(changeClientRole(db(), staff.actor, solo.user.id, "member")).rejects.toMatchObject({
      code: "invalid_transition",
    });
    expect(await sessionAlive(solo)).toBe(true);
    await changeClientRole(db(), solo.actor, helper.user.id, "admin");
    await changeClientRole(db(), staff.actor, solo.user.id, "member");
    await expect(changeClientRole(db(), staff.actor, helper.user.id, "member")).rejects.toMatchObject({
      code: "invalid_transition",
    });
    await expect(deactivatePerson(db(), staff.actor, helper.user.id)).rejects.toMatchObject({
      code: "invalid_transition",
    });
  });

  it("holds when two admins demote each other at the same time", async () => {
    const one = await clientStaff(db(), "Race Records", "one@race.example");
    const two = await clientStaff(db(), "Race Records", "two@race.example");
    const results = await Promise.allSettled([
      changeClientRole(db(), one.actor, two.user.id, "member"),
      changeClientRole(db(), two.actor, one.user.id, "member"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = await Promise.all(
      ["one@race.example", "two@race.example"].map((e) =>
        verifyCredentials(db(), e, PASSWORD).then((u) => u?.clientRole),
      ),
    );
    expect(admins.filter((r) => r === "admin")).toHaveLength(1);
  });
});

describe("changing a role", () => {
  it("ends the person's sessions so they come back with the new role", async () => {
    const member = await clientStaff(db(), "Manage A Records", "promoted@manage-a.example", "member");
    await changeClientRole(db(), adminA.actor, member.user.id, "admin");
    expect(await sessionAlive(member)).toBe(false);
    expect(await verifyCredentials(db(), "promoted@manage-a.example", PASSWORD)).toMatchObject({ clientRole: "admin" });
  });

  it("applies to client staff only", async () => {
    const colleague = await employee(db(), "colleague2@coverdesk.example");
    await expect(changeClientRole(db(), staff.actor, colleague.user.id, "admin")).rejects.toMatchObject({
      code: "validation_failed",
    });
  });
});

describe("Settings → Profile", () => {
  it("renames oneself, recorded in the audit trail", async () => {
    const me = await clientStaff(db(), "Manage A Records", "renamed@manage-a.example", "member");
    await updateProfile(db(), me.actor, { name: "Renée" });
    expect(await verifyCredentials(db(), "renamed@manage-a.example", PASSWORD)).toMatchObject({ name: "Renée" });
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, "user.renamed"));
    expect(event).toMatchObject({ entityId: String(me.user.id), detail: { from: me.user.name, to: "Renée" } });
  });

  it("changes one's password given the current one, ending every session of the user", async () => {
    const me = await clientStaff(db(), "Manage A Records", "changer@manage-a.example", "member");
    const input = { currentPassword: "not it", password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    await expect(changePassword(db(), me.actor, input)).rejects.toMatchObject({
      errors: [{ path: "currentPassword" }],
    });
    await expect(
      changePassword(db(), me.actor, {
        ...input,
        currentPassword: PASSWORD,
        password: "qwertyuiop",
        confirm: "qwertyuiop",
      }),
    ).rejects.toMatchObject({
      errors: [{ path: "password" }],
    });
    expect(await sessionAlive(me)).toBe(true);
    expect(await changePassword(db(), me.actor, { ...input, currentPassword: PASSWORD })).toEqual({
      email: "changer@manage-a.example",
    });
    expect(await sessionAlive(me)).toBe(false);
    expect(await verifyCredentials(db(), "changer@manage-a.example", PASSWORD)).toBeNull();
    expect(await verifyCredentials(db(), "changer@manage-a.example", NEW_PASSWORD)).not.toBeNull();
  });
});
