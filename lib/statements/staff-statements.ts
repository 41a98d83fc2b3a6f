import type { Conn, Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { runStatements } from "./run-statements";
import { isoDay } from "@/lib/clock";
import { getStatementRun, listStatementRuns, unpaidPayouts } from "./statement-run-view";

// The staff's doors to the statement runs (the CLI runs them as the system).

export function runStatementsAsStaff(db: Db, actor: Actor, month: string) {
  return runStatements(db, requireEmployee(actor, "run statements of account"), month);
}

export function readStatementRun(db: Conn, actor: Actor, month: string) {
  requireEmployee(actor, "read statements of account");
  return getStatementRun(db, month);
}

export function readStatementRuns(db: Conn, actor: Actor) {
  requireEmployee(actor, "read statements of account");
  return listStatementRuns(db);
}

/** Payouts past their due date and not paid (held for bank details, or not marked paid), with their late fees so far. */
export function readOverduePayouts(db: Conn, actor: Actor) {
  requireEmployee(actor, "read statements of account");
  const today = isoDay();
  return unpaidPayouts(db, today, today).then((items) => items.filter((i) => i.overdue));
}
