import { and, desc, eq, gt } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { now } from "@/lib/clock";
import type { Actor } from "./actor";
import { requireEmployee } from "./require-employee";

export type Lockout = { id: number; email: string; ip: string | null; scope: string; until: Date; at: Date };

const RECENT_MS = 7 * 24 * 60 * 60_000;

/** Sign-in lockouts of the last 7 days, newest first: for employees watching for password guessing. */
export async function listRecentLockouts(db: Conn, actor: Actor, limit = 20): Promise<Lockout[]> {
  requireEmployee(actor, "see sign-in lockouts");
  const rows = await db
    .select({ id: auditEvents.id, detail: auditEvents.detail, at: auditEvents.dateAdded })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "lockout"), gt(auditEvents.dateAdded, new Date(now().getTime() - RECENT_MS))))
    .orderBy(desc(auditEvents.dateAdded), desc(auditEvents.id))
    .limit(limit);
  return rows.map((r) => {
    const d = r.detail as { email: string; ip: string | null; scope: string; until: string };
    return { id: r.id, email: d.email, ip: d.ip, scope: d.scope, until: new Date(d.until), at: r.at };
  });
}
