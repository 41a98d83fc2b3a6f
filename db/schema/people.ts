import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, clientRoleEnum, licensees, roleEnum, users } from "./accounts-and-people";
import { created } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * An invitation to become a portal user: an employee, client staff of an account, or a licensee's user. Only a
 * hash of its one-time token is kept; resending replaces the token (the old link stops working).
 */
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased, like users.email. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: roleEnum("role").notNull(),
    clientRole: clientRoleEnum("client_role"),
    accountId: integer("account_id").references(() => accounts.id),
    licenseeId: uuid("licensee_id").references(() => licensees.id),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: at("expires_at").notNull(),
    invitedByUserId: integer("invited_by_user_id").references(() => users.id),
    invitedByName: text("invited_by_name").notNull(),
    lastSentAt: at("last_sent_at").notNull().defaultNow(),
    acceptedAt: at("accepted_at"),
    acceptedUserId: integer("accepted_user_id").references(() => users.id),
    revokedAt: at("revoked_at"),
    dateAdded: created(),
  },
  (t) => [
    check(
      "invitations_role_scope",
      sql`(${t.role} = 'employee' and ${t.accountId} is null and ${t.licenseeId} is null and ${t.clientRole} is null)
        or (${t.role} = 'client' and ${t.accountId} is not null and ${t.licenseeId} is null and ${t.clientRole} is not null)
        or (${t.role} = 'licensee' and ${t.accountId} is not null and ${t.licenseeId} is not null and ${t.clientRole} is null)`,
    ),
    index("invitations_account_idx").on(t.accountId, t.dateAdded),
    index("invitations_email_idx").on(t.email),
  ],
);

export const PASSWORD_TOKEN_PURPOSES = ["reset", "set_password"] as const;
export const passwordTokenPurposeEnum = pgEnum("password_token_purpose", PASSWORD_TOKEN_PURPOSES);

/** One-time links that let a user choose a password: a reset ("Forgot password?") or a first password (CLI). */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: passwordTokenPurposeEnum("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    dateAdded: created(),
  },
  (t) => [index("password_tokens_user_idx").on(t.userId, t.dateAdded)],
);
