import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { DomainError, notFound } from "@/lib/errors";
import { parseInput, requiredText } from "@/lib/validation";
import { insertPasswordToken } from "./password-tokens";
import { emailField } from "./schemas";

const CLI = { kind: "system", name: "CLI (npm run user)" } as const;
const staffUserInput = z.strictObject({ email: emailField, name: requiredText("name") });

/**
 * The first employee of a fresh deployment (and any later one made by an operator): a user without a password,
 * and a one-time link (7 days) to choose it. Refuses an email that already has a user.
 */
export async function createStaffUser(db: Db, values: { email: string; name: string }) {
  const input = parseInput(staffUserInput, values);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (taken)
      throw new DomainError("invalid_transition", `${input.email} already has a CoverDesk sign-in (user ${taken.id}).`);
    const [user] = await tx
      .insert(users)
      .values({ ...input, role: "employee" })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    await recordAudit(tx, CLI, {
      action: "user.created",
      entityType: "user",
      entityId: user.id,
      accountId: null,
      detail: input,
    });
    return insertPasswordToken(tx, user.id, "set_password");
  });
}

/** A new one-time link to choose a password, for an existing active user (an operator's way out without mail). */
export async function issuePasswordLink(db: Db, email: string) {
  const input = parseInput(z.strictObject({ email: emailField }), { email });
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, accountId: users.accountId })
      .from(users)
      .where(and(eq(users.email, input.email), isNull(users.deactivatedAt)));
    if (!user) throw notFound(`An active user with email ${input.email}`);
    await recordAudit(tx, CLI, {
      action: "user.password_link_issued",
      entityType: "user",
      entityId: user.id,
      accountId: user.accountId,
    });
    return insertPasswordToken(tx, user.id, "set_password");
  });
}
