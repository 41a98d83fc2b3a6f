import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { ownUser } from "./own-user";
import type { profileInput } from "./schemas";

/** Settings → Profile: everyone changes their own name. */
export async function updateProfile(db: Db, actor: Actor, input: z.output<typeof profileInput>) {
  const user = await ownUser(db, actor);
  if (user.name === input.name) return;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name: input.name }).where(eq(users.id, user.id));
    await recordAudit(tx, actor, {
      action: "user.renamed",
      entityType: "user",
      entityId: user.id,
      accountId: user.accountId,
      detail: { from: user.name, to: input.name },
    });
  });
}
