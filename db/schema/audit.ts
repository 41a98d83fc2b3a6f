import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { accounts, actorKindEnum } from "./accounts-and-people";
import { created } from "./columns";

export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").references(() => accounts.id),
    actorKind: actorKindEnum("actor_kind").notNull(),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    detail: jsonb("detail"),
    dateAdded: created(),
  },
  (t) => [
    index("audit_events_entity_idx").on(t.entityType, t.entityId),
    index("audit_events_account_idx").on(t.accountId, t.dateAdded),
  ],
);
