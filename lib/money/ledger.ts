import { sql } from "drizzle-orm";
import type { Conn, Tx } from "@/db/client";
import { ledgerEntries, ledgerPostings, type LEDGER_ACCOUNTS } from "@/db/schema";
import { now } from "@/lib/clock";

type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export type Posting = { account: LedgerAccount; amount: number; clientAccountId?: number; ownerId?: number };

/**
 * Writes one double-entry transaction: debits positive, credits negative, summing to 0. Checked here and again by
 * the database (a deferred constraint trigger fails the commit of an entry that does not balance). Zero postings are
 * left out; an entry with nothing left is not written.
 */
export async function post(
  tx: Tx,
  entry: {
    kind: string;
    memo: string;
    accountId?: number | null;
    invoiceId?: number | null;
    requestId?: number | null;
    units?: number | null;
    ratePerUnit?: number | null;
  },
  postings: Posting[],
): Promise<void> {
  const lines = postings.filter((p) => p.amount !== 0);
  if (lines.length === 0) return;
  const sum = lines.reduce((s, p) => s + p.amount, 0);
  if (sum !== 0) throw new Error(`Ledger entry "${entry.memo}" does not balance (${sum})`);
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ ...entry, dateAdded: now() })
    .returning({ id: ledgerEntries.id });
  await tx.insert(ledgerPostings).values(
    lines.map((p) => ({
      entryId: row!.id,
      ledgerAccount: p.account,
      amount: p.amount,
      clientAccountId: p.clientAccountId ?? null,
      ownerId: p.ownerId ?? null,
    })),
  );
}

/** A client account's prepaid balance: what the service owes it (the credit side of `client_balance`). */
export async function clientBalance(db: Conn, accountId: number): Promise<number> {
  const result = await db.execute<{ balance: string | null }>(
    sql`select -coalesce(sum(amount), 0) as balance from ledger_postings
        where ledger_account = 'client_balance' and client_account_id = ${accountId}`,
  );
  return Number(result.rows[0]?.balance ?? 0);
}
