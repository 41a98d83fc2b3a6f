// The whole database schema, by area. `@/db/schema` (the app) and drizzle.config.ts (migrations) read this file.
export * from "./accounts-and-people";
export * from "./albums";
export * from "./audit";
export * from "./catalog";
export * from "./idempotency";
export * from "./jobs";
export * from "./outbox";
export * from "./people";
export * from "./requests";
export * from "./wall";
export * from "./throttles";
export * from "./money";
export * from "./webhooks";
export * from "./sales";
export * from "./imports";
export * from "./counts";
export * from "./search-keys";
