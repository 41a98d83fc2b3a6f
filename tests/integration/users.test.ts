import { describe, expect, it } from "vitest";
import { users as usersTable } from "@/db/schema";
import { seed, DEMO_PASSWORD } from "@/db/seed";
import { actorFromSessionUser, verifyCredentials } from "@/lib/auth/users";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("portal sign-in and the demo seed", () => {
  it("seeds the demo users, safely twice, with hashed passwords", async () => {
    await seed(db());
    await seed(db());
    const users = await db().select().from(usersTable);
    expect(users.map((u) => [u.email, u.role, u.clientRole]).sort()).toEqual([
      ["client@coverdesk.test", "client", "admin"],
      ["licensee2@coverdesk.test", "licensee", null],
      ["licensee@coverdesk.test", "licensee", null],
      ["member@coverdesk.test", "client", "member"],
      ["staff@coverdesk.test", "employee", null],
    ]);
    for (const u of users) expect(u.passwordHash).toMatch(/^scrypt\$/);
  });

  it.each([
    ["staff@coverdesk.test", "employee"],
    ["CLIENT@coverdesk.test", "client"],
    ["licensee@coverdesk.test", "licensee"],
    ["member@coverdesk.test", "client"],
    ["licensee2@coverdesk.test", "licensee"],
  ])("signs in %s as %s", async (email, kind) => {
    const user = await verifyCredentials(db(), email, DEMO_PASSWORD);
    expect(user).not.toBeNull();
    expect(actorFromSessionUser(user!).kind).toBe(kind);
  });

  it("refuses a wrong password and an unknown email", async () => {
    expect(await verifyCredentials(db(), "client@coverdesk.test", "wrong")).toBeNull();
    expect(await verifyCredentials(db(), "nobody@coverdesk.test", DEMO_PASSWORD)).toBeNull();
  });
});
