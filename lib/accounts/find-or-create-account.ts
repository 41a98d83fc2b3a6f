import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts } from "@/db/schema";

export async function findOrCreateAccount(db: Conn, name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw new Error("An account needs a name.");
  await db.insert(accounts).values({ name: trimmed }).onConflictDoNothing({ target: accounts.name });
  const [account] = await db.select().from(accounts).where(eq(accounts.name, trimmed));
  if (!account) throw new Error(`Account ${trimmed} could not be created.`);
  return account;
}
