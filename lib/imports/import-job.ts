import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { accounts, importRows, imports } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import type { ImportRowStatus, ImportStatus } from "./import-statuses";

type Import = typeof imports.$inferSelect;

/** Who checks and files the rows: the client staff member or API key that made the import. */
export const importer = (found: Import): Extract<Actor, { kind: "client" }> => ({
  kind: "client",
  name: found.createdByName,
  accountId: found.accountId,
  role: "member",
  userId: found.createdByUserId,
  apiKeyId: found.createdByApiKeyId,
});

/** A suspended account's imports wait: its keys and users are refused, and so is the work they started. */
const activeAccounts = (tx: Tx) => tx.select({ id: accounts.id }).from(accounts).where(isNull(accounts.suspendedAt));

/**
 * The next import in one of `statuses` of an active account, held for this transaction (FOR UPDATE SKIP LOCKED:
 * another process takes another import, or waits for the next tick). The background jobs' one way in. Accounts take
 * turns: after `afterAccount`'s chunk comes the next account by id that has work (wrapping round), each account's
 * oldest import first, so a large import of one account never holds up another's for more than a chunk per account.
 */
export async function lockNextImport(
  tx: Tx,
  statuses: ImportStatus[],
  afterAccount: number | null = null,
): Promise<Import | undefined> {
  const [found] = await tx
    .select()
    .from(imports)
    .where(and(inArray(imports.status, statuses), inArray(imports.accountId, activeAccounts(tx))))
    .orderBy(
      ...(afterAccount === null ? [] : [sql`${imports.accountId} <= ${afterAccount}`]),
      asc(imports.accountId),
      asc(imports.id),
    )
    .limit(1)
    .for("update", { skipLocked: true });
  return found;
}

/**
 * Where a checked import goes: a CSV upload waits for its owner's confirmation; an API import is queued for filing at
 * once, or done when no row can be filed.
 */
export function afterCheck(
  source: Import["source"],
  anyValid: boolean,
  at: Date,
): Pick<Import, "status" | "queuedAt" | "doneAt"> {
  if (source === "csv") return { status: "previewed", queuedAt: null, doneAt: null };
  return anyValid ? { status: "queued", queuedAt: at, doneAt: null } : { status: "done", queuedAt: at, doneAt: at };
}

/**
 * Lets the event loop run what waits (sockets, timers) before the next row: the embedded database runs each query on
 * this thread, so a chunk's queries, one after another, would otherwise keep every socket of the process waiting (the
 * server's requests, the mail and webhook jobs' connections) until the chunk ends.
 */
export const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs `step` in a transaction of its own, up to `max` times, until it finds nothing to do (null) or `stopping` says
 * so (the worker is stopping: it waits for the chunk under way only): the rows it handled. Each step is told the
 * account the previous one worked for, so that accounts take turns (lockNextImport).
 */
export async function inTransactions(
  db: Db,
  max: number,
  step: (tx: Tx, afterAccount: number | null) => Promise<{ rows: number; accountId: number } | null>,
  stopping: () => boolean = () => false,
): Promise<number> {
  let handled = 0;
  let afterAccount: number | null = null;
  for (let i = 0; i < max && !stopping(); i++) {
    await letOthersRun();
    const done = await db.transaction((tx) => step(tx, afterAccount));
    if (done === null) break;
    handled += done.rows;
    afterAccount = done.accountId;
  }
  return handled;
}

/** The next `limit` rows of an import in `status`, in row order, and whether more are left after them. */
export async function nextRows(tx: Tx, importId: number, status: ImportRowStatus, limit: number) {
  const rows = await tx
    .select({ rowNumber: importRows.rowNumber, body: importRows.body })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), eq(importRows.status, status)))
    .orderBy(asc(importRows.rowNumber))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
