import { eq, sql, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts } from "@/db/schema";
import { now } from "@/lib/clock";

const counted = (from: SQL) => sql<number>`(select count(*)::int ${from})`;

/** What the staff see of client accounts: the account and how many people, open invitations and keys it has. */
export function accountRows(db: Conn) {
  const at = now();
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      suspendedAt: accounts.suspendedAt,
      dateAdded: accounts.dateAdded,
      clientStaff: counted(
        sql`from users u where u.account_id = ${accounts.id} and u.role = 'client' and u.deactivated_at is null`,
      ),
      licenseeUsers: counted(
        sql`from users u where u.account_id = ${accounts.id} and u.role = 'licensee' and u.deactivated_at is null`,
      ),
      openInvitations: counted(
        sql`from invitations i where i.account_id = ${accounts.id} and i.accepted_at is null and i.revoked_at is null and i.expires_at > ${at}`,
      ),
      activeApiKeys: counted(sql`from api_keys k where k.account_id = ${accounts.id} and k.revoked_at is null`),
    })
    .from(accounts);
}
export type AccountRow = Awaited<ReturnType<typeof accountRows>>[number];

/** The API's shape of an account. */
export function accountView(row: AccountRow) {
  const { suspendedAt, clientStaff, licenseeUsers, openInvitations, activeApiKeys, ...rest } = row;
  return {
    ...rest,
    suspended: suspendedAt !== null,
    suspendedAt,
    counts: { clientStaff, licenseeUsers, openInvitations, activeApiKeys },
  };
}

export const accountById = (db: Conn, accountId: number) => accountRows(db).where(eq(accounts.id, accountId));
