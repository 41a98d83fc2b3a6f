import { sql, type AnyColumn } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads this file without the tsconfig paths.
import { CLIENT_ROLES } from "../../lib/auth/client-roles";
import { created, updated } from "./columns";
import { accountTrigrams } from "./search-keys";

/**
 * A licensee's names as one text (company, first and last name), for the request search; the trigram index is on
 * this same expression, so the query must use it as it is.
 */
export const licenseeSearchText = (t: { companyName: AnyColumn; firstName: AnyColumn; lastName: AnyColumn }) =>
  sql`(coalesce(${t.companyName}, '') || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`;

export const roleEnum = pgEnum("role", ["employee", "client", "licensee"]);
/** A client user's or a client API key's role within its account. */
export const clientRoleEnum = pgEnum("client_role", CLIENT_ROLES);
/** Who did something, as recorded on status events, wall posts and audit events. */
export const actorKindEnum = pgEnum("actor_kind", ["employee", "client", "licensee", "system"]);

/** A client of the service: a label, distributor or app filing requests for its licensees. */
export const accounts = pgTable("accounts", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** Set while the account is suspended: its keys and users are refused, its data kept. */
  suspendedAt: timestamp("suspended_at", { withTimezone: true, mode: "date" }),
  dateAdded: created(),
});

export const licensees = pgTable(
  "licensees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    companyName: text("company_name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone1: text("phone1"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    country: text("country"),
    externalLicenseeId: text("external_licensee_id"),
    /** For a company: its principal officers or owners, as the notice of intention names them (free text). */
    officers: text("officers"),
    /**
     * When the client authorized CoverDesk to serve notices as this licensee's agent, and who did (a user or key name):
     * recorded when the licensee is created; the notices are signed on that authority.
     */
    agentAuthorizedAt: timestamp("agent_authorized_at", { withTimezone: true, mode: "date" }),
    agentAuthorizedBy: text("agent_authorized_by"),
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [
    index("licensees_account_idx").on(t.accountId, t.dateAdded),
    index("licensees_name_trgm_idx").using("gin", sql`${licenseeSearchText(t)} gin_trgm_ops`),
    index("licensees_search_keys_idx").using("gin", accountTrigrams(t.accountId, licenseeSearchText(t))),
  ],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased, so the unique constraint is case-insensitive. */
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    /** Null until the person sets a password (a staff user made by the CLI): no password, no sign-in. */
    passwordHash: text("password_hash"),
    role: roleEnum("role").notNull(),
    /** Client staff only: admin or member. */
    clientRole: clientRoleEnum("client_role"),
    accountId: integer("account_id").references(() => accounts.id),
    licenseeId: uuid("licensee_id").references(() => licensees.id),
    /** A deactivated user cannot sign in, and their sessions have ended. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true, mode: "date" }),
    /**
     * Every portal session carries the version it was signed in under; raising it ends all of the user's sessions
     * at once (sign-out, password change or reset, deactivation, role change).
     */
    sessionVersion: integer("session_version").notNull().default(0),
    /** The secret in this person's one-click unsubscribe links (List-Unsubscribe): random, never shown elsewhere. */
    unsubscribeToken: uuid("unsubscribe_token").notNull().unique().defaultRandom(),
    dateAdded: created(),
  },
  (t) => [
    check(
      "users_role_scope",
      sql`(${t.role} = 'employee' and ${t.accountId} is null and ${t.licenseeId} is null and ${t.clientRole} is null)
        or (${t.role} = 'client' and ${t.accountId} is not null and ${t.licenseeId} is null and ${t.clientRole} is not null)
        or (${t.role} = 'licensee' and ${t.accountId} is not null and ${t.licenseeId} is not null and ${t.clientRole} is null)`,
    ),
    index("users_account_idx").on(t.accountId),
  ],
);

/** Only a hash of the key is stored; the prefix lets people tell their keys apart. A null account is a staff key. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").references(() => accounts.id),
    name: text("name").notNull(),
    /** A client key's role within its account (null for a staff key). */
    role: clientRoleEnum("role"),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    dateAdded: created(),
  },
  (t) => [
    index("api_keys_account_idx").on(t.accountId),
    check("api_keys_role_scope", sql`(${t.accountId} is null) = (${t.role} is null)`),
  ],
);
