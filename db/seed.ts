import { and, eq } from "drizzle-orm";
import type { Db } from "./client";
import { licensees } from "./schema";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { actorFromSessionUser, upsertUser } from "@/lib/auth/users";
import { seedLicensing } from "./seed-licensing";

export const DEMO_PASSWORD = "coverdesk-demo";
const DEMO_ACCOUNT = "Demo Records";

/**
 * Demo data (docs/product-rules.md, "Demo data"). Safe to run twice: everything is found or created by a natural key.
 */
export async function seed(db: Db): Promise<string> {
  const account = await findOrCreateAccount(db, DEMO_ACCOUNT);
  const licensee = await findOrCreateDemoLicensee(db, account.id);
  const staff = await upsertUser(db, {
    email: "staff@coverdesk.test",
    name: "Sam Staff",
    password: DEMO_PASSWORD,
    role: "employee",
  });
  const client = await upsertUser(db, {
    email: "client@coverdesk.test",
    name: "Casey Client",
    password: DEMO_PASSWORD,
    role: "client",
    clientRole: "admin",
    accountId: account.id,
  });
  await upsertUser(db, {
    email: "member@coverdesk.test",
    name: "Morgan Member",
    password: DEMO_PASSWORD,
    role: "client",
    clientRole: "member",
    accountId: account.id,
  });
  for (const [email, name] of [
    ["licensee@coverdesk.test", "Lee Licensee"],
    ["licensee2@coverdesk.test", "Lou Licensee"],
  ] as const) {
    await upsertUser(db, {
      email,
      name,
      password: DEMO_PASSWORD,
      role: "licensee",
      accountId: account.id,
      licenseeId: licensee.id,
    });
  }
  const licensing = await seedLicensing(db, {
    client: actorFromSessionUser(client),
    employee: actorFromSessionUser(staff),
    licenseeId: licensee.id,
  });
  return `users staff@, client@ (admin), member@, licensee@ and licensee2@coverdesk.test (password coverdesk-demo); ${licensing}`;
}

async function findOrCreateDemoLicensee(db: Db, accountId: number) {
  const where = and(eq(licensees.accountId, accountId), eq(licensees.externalLicenseeId, "demo-licensee-1"));
  const [existing] = await db.select().from(licensees).where(where);
  if (existing) return existing;
  const [created] = await db
    .insert(licensees)
    .values({
      accountId,
      externalLicenseeId: "demo-licensee-1",
      companyName: "Lee Licensee Music",
      firstName: "Lee",
      lastName: "Licensee",
      email: "licensee@coverdesk.test",
      // Every detail a notice of intention states, so the demo's requests can begin licensing.
      officers: "Lee Licensee, owner",
      phone1: "+1 512 555 0142",
      address: "1100 South Lamar Boulevard",
      city: "Austin",
      state: "TX",
      zip: "78704",
      country: "US",
      agentAuthorizedAt: new Date(),
      agentAuthorizedBy: "Casey Client",
    })
    .returning();
  if (!created) throw new Error("licensee insert returned nothing");
  return created;
}
