import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Conn } from "@/db/client";
import { invitations, licensees, users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { LICENSEE_LIST_MOST } from "@/lib/licensees/list-licensees";
import { requirePeopleViewer } from "./person-rules";

const licenseeColumns = {
  companyName: licensees.companyName,
  firstName: licensees.firstName,
  lastName: licensees.lastName,
};
const inPlace = (column: PgColumn, accountId: number | null): SQL =>
  accountId === null ? isNull(column) : eq(column, accountId);

/**
 * The People page: the users and open invitations of one place (client staff: their own account; employees: the
 * service's staff, or the account they name), and the licensees a licensee user may be invited for: null past
 * LICENSEE_LIST_MOST of them, when the invite form searches them by name instead (findLicensees).
 */
export async function listPeople(db: Conn, actor: Actor, accountId?: number) {
  const viewer = requirePeopleViewer(actor);
  const place = viewer.kind === "client" ? viewer.accountId : (accountId ?? null);
  const [people, open, choices] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        clientRole: users.clientRole,
        deactivatedAt: users.deactivatedAt,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        dateAdded: users.dateAdded,
        licensee: licenseeColumns,
      })
      .from(users)
      .leftJoin(licensees, eq(licensees.id, users.licenseeId))
      .where(inPlace(users.accountId, place))
      .orderBy(sql`${users.deactivatedAt} is not null`, asc(sql`lower(${users.name})`), asc(users.id)),
    db
      .select({
        id: invitations.id,
        name: invitations.name,
        email: invitations.email,
        role: invitations.role,
        clientRole: invitations.clientRole,
        invitedByName: invitations.invitedByName,
        expiresAt: invitations.expiresAt,
        lastSentAt: invitations.lastSentAt,
        licensee: licenseeColumns,
      })
      .from(invitations)
      .leftJoin(licensees, eq(licensees.id, invitations.licenseeId))
      .where(and(inPlace(invitations.accountId, place), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .orderBy(desc(invitations.lastSentAt), desc(invitations.id)),
    place === null
      ? Promise.resolve([])
      : db
          .select({ id: licensees.id, email: licensees.email, ...licenseeColumns })
          .from(licensees)
          .where(eq(licensees.accountId, place))
          .limit(LICENSEE_LIST_MOST + 1),
  ]);
  const at = now();
  return {
    accountId: place,
    people: people.map(({ licensee, ...p }) => ({ ...p, licenseeName: licensee ? licenseeName(licensee) : null })),
    invitations: open.map(({ licensee, ...i }) => ({
      ...i,
      expired: i.expiresAt <= at,
      licenseeName: licensee ? licenseeName(licensee) : null,
    })),
    licensees:
      choices.length > LICENSEE_LIST_MOST
        ? null
        : choices
            .map((l) => ({ id: l.id, name: licenseeName(l), email: l.email }))
            .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
export type PeopleList = Awaited<ReturnType<typeof listPeople>>;
