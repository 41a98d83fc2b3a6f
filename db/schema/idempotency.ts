import { integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created } from "./columns";

/** Replay store for POSTs carrying an Idempotency-Key, scoped to the caller. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: serial("id").primaryKey(),
    callerScope: text("caller_scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>().notNull(),
    dateAdded: created(),
  },
  (t) => [uniqueIndex("idempotency_keys_scope_key_unique").on(t.callerScope, t.key)],
);
