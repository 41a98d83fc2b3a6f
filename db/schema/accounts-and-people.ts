import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { created, updated } from "./columns";

export const roleEnum = pgEnum("role", ["employee", "client", "licensee"]);
/** Who did something, as recorded on status events, wall posts and audit events. */
export const actorKindEnum = pgEnum("actor_kind", ["employee", "client", "licensee", "system"]);

/** A client of the service: a label, distributor or app filing requests for its licensees. */
export const accounts = pgTable("accounts", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  dateAdded: created(),
});

export const licensees = pgTable(
  "licensees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: integer("account_id").notNull().references(() => accounts.id),
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
    dateAdded: created(),
    dateUpdated: updated(),
  },
  (t) => [index("licensees_account_idx").on(t.accountId, t.dateAdded)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased, so the unique constraint is case-insensitive. */
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: roleEnum("role").notNull(),
    accountId: integer("account_id").references(() => accounts.id),
    licenseeId: uuid("licensee_id").references(() => licensees.id),
    dateAdded: created(),
  },
  (t) => [
    check(
      "users_role_scope",
      sql`(${t.role} = 'employee' and ${t.accountId} is null and ${t.licenseeId} is null)
        or (${t.role} = 'client' and ${t.accountId} is not null and ${t.licenseeId} is null)
        or (${t.role} = 'licensee' and ${t.accountId} is not null and ${t.licenseeId} is not null)`,
    ),
  ],
);

/** Only a hash of the key is stored; the prefix lets people tell their keys apart. A null account is a staff key. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").references(() => accounts.id),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    dateAdded: created(),
  },
  (t) => [index("api_keys_account_idx").on(t.accountId)],
);
