import { describe, expect, it } from "vitest";
import type { PeopleList } from "@/lib/people/list-people";
import { peopleActions, peoplePage } from "@/lib/people/people-actions";
import { admin, employee, licensee, member } from "../helpers/actors";

// What the People lists (/people, and an account's staff page) offer each kind of person, and the reasons.

const at = new Date("2026-03-01T12:00:00Z");
type Person = PeopleList["people"][number];
type Invitation = PeopleList["invitations"][number];
const person = (
  id: number,
  name: string,
  role: Person["role"],
  clientRole: Person["clientRole"],
  deactivatedAt: Date | null = null,
): Person => ({
  id,
  name,
  email: `${name.toLowerCase().replace(" ", ".")}@example.com`,
  role,
  clientRole,
  deactivatedAt,
  hasPassword: true,
  dateAdded: at,
  licenseeName: role === "licensee" ? "Lee Music" : null,
});
const invitation = (id: number, role: Invitation["role"], clientRole: Invitation["clientRole"]): Invitation => ({
  id,
  name: `Invitee ${id}`,
  email: `invitee${id}@example.com`,
  role,
  clientRole,
  invitedByName: "Ada Admin",
  expiresAt: at,
  lastSentAt: at,
  expired: false,
  licenseeName: role === "licensee" ? "Lee Music" : null,
});

/** Account 5's list: its two admins, a member, a deactivated member, a licensee user, and three open invitations. */
const account = {
  accountId: 5,
  people: [
    person(10, "Ada Admin", "client", "admin"),
    person(13, "Bo Admin", "client", "admin"),
    person(11, "Max Member", "client", "member"),
    person(14, "Old Member", "client", "member", at),
    person(12, "Lee User", "licensee", null),
  ],
  invitations: [
    invitation(20, "client", "admin"),
    invitation(21, "client", "member"),
    invitation(22, "licensee", null),
  ],
};
/** The service's own list (no account): its staff and an invitation of one more. */
const service = {
  accountId: null,
  people: [person(1, "Sam Staff", "employee", null), person(2, "Tia Staff", "employee", null)],
  invitations: [invitation(30, "employee", null)],
};

const yes = { allowed: true };
const no = (reason: string) => ({ allowed: false, reason });
const managersOnly = no("Only service staff or client admins can manage people.");

describe("the invite form", () => {
  it.each([
    ["an employee, on the service's list", employee, service, ["employee"]],
    ["an employee, on an account's list", employee, account, ["admin", "member", "licensee"]],
    ["a client admin", admin, account, ["member", "admin", "licensee"]],
    ["a client member", member, account, ["licensee"]],
  ] as const)("offers %s the roles %j, the first the default", (_who, actor, list, roles) => {
    expect(peopleActions(actor, list).invite).toEqual({ allowed: true, roles });
  });

  it("offers a licensee user no one to invite", () => {
    expect(peopleActions(licensee, account).invite).toEqual({
      allowed: false,
      reason: "You cannot invite anyone here.",
      roles: [],
    });
  });
});

describe("each person's buttons", () => {
  it("lets a client admin change others' roles and access, never their own", () => {
    const { people, manage } = peopleActions(admin, account);
    expect(manage).toEqual(yes);
    const self = no("You cannot change your own access; ask another admin.");
    expect(people[10]).toEqual({ changeRole: { ...self, to: "member" }, deactivate: self, reactivate: self });
    expect(people[13]).toEqual({
      changeRole: { ...yes, to: "member" },
      deactivate: yes,
      reactivate: no("Bo Admin is active."),
    });
    expect(people[11]).toEqual({
      changeRole: { ...yes, to: "admin" },
      deactivate: yes,
      reactivate: no("Max Member is active."),
    });
    expect(people[14]).toEqual({
      changeRole: { ...no("Old Member is deactivated: reactivate them first."), to: "admin" },
      deactivate: no("Old Member is already deactivated."),
      reactivate: yes,
    });
    expect(people[12]).toEqual({
      changeRole: { ...no("Only client staff have an admin or member role."), to: "admin" },
      deactivate: yes,
      reactivate: no("Lee User is active."),
    });
  });

  it("lets an employee manage everyone of an account and the service's other staff", () => {
    const onAccount = peopleActions(employee, account).people;
    expect(onAccount[10]).toEqual({
      changeRole: { ...yes, to: "member" },
      deactivate: yes,
      reactivate: no("Ada Admin is active."),
    });
    const own = peopleActions(employee, service).people;
    expect(own[1]?.deactivate).toEqual(no("You cannot change your own access; ask another admin."));
    expect(own[2]).toEqual({
      changeRole: { ...no("Only client staff have an admin or member role."), to: "admin" },
      deactivate: yes,
      reactivate: no("Tia Staff is active."),
    });
  });

  it("offers a client member nothing to change about anyone, saying it is the admins'", () => {
    const { people, manage } = peopleActions(member, account);
    expect(manage).toEqual(managersOnly);
    for (const p of account.people) {
      expect(people[p.id]).toEqual({
        changeRole: { ...managersOnly, to: p.clientRole === "admin" ? "member" : "admin" },
        deactivate: managersOnly,
        reactivate: managersOnly,
      });
    }
  });
});

describe("resending and revoking invitations", () => {
  it.each([
    ["a client admin", admin, account, { 20: yes, 21: yes, 22: yes }],
    [
      "a client member",
      member,
      account,
      {
        20: no("Only client admins can invite client staff; members invite licensee users."),
        21: no("Only client admins can invite client staff; members invite licensee users."),
        22: yes,
      },
    ],
    ["an employee, on an account's list", employee, account, { 20: yes, 21: yes, 22: yes }],
    ["an employee, on the service's list", employee, service, { 30: yes }],
  ] as const)("is offered to %s for whom they may invite: %j", (_who, actor, list, expected) => {
    expect(peopleActions(actor, list).invitations).toEqual(expected);
  });
});

describe("the People page", () => {
  it.each([
    [employee, yes],
    [admin, yes],
    [member, yes],
    [licensee, no("Only service staff or client staff can see people.")],
  ] as const)("is $0.kind's: %j", (actor, expected) => {
    expect(peoplePage(actor)).toEqual(expected);
  });
});
