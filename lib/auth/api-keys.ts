import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { statement } from "@/db/statement";
import { accounts, apiKeys } from "@/db/schema";
import { DomainError, notFound } from "@/lib/errors";
import { requireRole, type Actor } from "./actor";
import type { ClientRole } from "./client-roles";
import { accountSuspended } from "./users";

const KEY_PREFIX = "cd_";

const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * Creates a key for a client account, or a staff key when accountId is null. The plain key is returned once.
 * A client key carries a role within its account (admin unless told: keys made with the CLI are admin keys).
 */
export async function createApiKey(
  db: Conn,
  input: { accountId: number | null; name: string; role?: ClientRole; createdByUserId?: number | null },
) {
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [record] = await db
    .insert(apiKeys)
    .values({
      accountId: input.accountId,
      name: input.name,
      role: input.accountId === null ? null : (input.role ?? "admin"),
      prefix: key.slice(0, KEY_PREFIX.length + 8),
      keyHash: hashApiKey(key),
      createdByUserId: input.createdByUserId ?? null,
    })
    .returning({
      id: apiKeys.id,
      name: apiKeys.name,
      role: apiKeys.role,
      prefix: apiKeys.prefix,
      dateAdded: apiKeys.dateAdded,
    });
  if (!record) throw new Error("API key insert returned nothing");
  return { key, record };
}

/**
 * "Last used" is shown to the minute: writing it on every request would cost each call a write (and its row lock
 * under concurrency) for nothing a reader can see.
 */
const LAST_USED_PRECISION_MS = 60_000;

// Every API call runs it: built once (drizzle builds the SQL once; PostgreSQL plans it once per connection).
const keyByHash = statement(["hash"], (db, p) =>
  db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      role: apiKeys.role,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      accountName: accounts.name,
      suspendedAt: accounts.suspendedAt,
    })
    .from(apiKeys)
    .leftJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, p("hash"))),
);

const unauthorized = (detail: string) => new DomainError("unauthorized", detail);

/**
 * Resolves an `Authorization: Bearer <key>` header to the caller, or throws `unauthorized` (or `account_suspended`
 * for a key of a suspended account).
 */
export async function actorFromAuthorization(db: Conn, header: string | null): Promise<Actor> {
  if (!header) throw unauthorized("Send your API key as `Authorization: Bearer <key>`.");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized("The Authorization header must be `Bearer <key>`.");
  const [row] = await keyByHash.run(db, { hash: hashApiKey(match[1]) });
  if (!row || row.revokedAt) throw unauthorized("The API key is unknown or has been revoked.");
  const at = new Date();
  if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, row.id));
  }
  if (row.accountId === null)
    return { kind: "employee", name: "CoverDesk staff (API)", userId: null, apiKeyId: row.id };
  if (row.suspendedAt) throw accountSuspended();
  const role = row.role ?? "member";
  return {
    kind: "client",
    name: row.accountName ?? "Client",
    accountId: row.accountId,
    role,
    userId: null,
    apiKeyId: row.id,
  };
}

/** Client admins manage their account's keys (docs/product-rules.md, "Client roles"). */
const requireKeyManager = (actor: Actor) => requireRole(actor, ["client:admin"], "manage their account's API keys");

export async function listApiKeys(db: Conn, actor: Actor) {
  const client = requireKeyManager(actor);
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      role: apiKeys.role,
      prefix: apiKeys.prefix,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      dateAdded: apiKeys.dateAdded,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, client.accountId))
    .orderBy(desc(apiKeys.dateAdded), desc(apiKeys.id));
}

/** Active keys an account may hold: each key has its own rate limit, so keys must not be free to multiply. */
export const MAX_ACTIVE_KEYS = 20;

export async function createClientApiKey(db: Db, actor: Actor, input: { name: string; role: ClientRole }) {
  const client = requireKeyManager(actor);
  return db.transaction(async (tx) => {
    // The account's row lock makes concurrent creations count one after the other.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, client.accountId)).for("update");
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, client.accountId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS) {
      throw new DomainError(
        "limit_reached",
        `An account may hold at most ${MAX_ACTIVE_KEYS} active API keys; revoke one you no longer use first.`,
      );
    }
    return createApiKey(tx, {
      accountId: client.accountId,
      name: input.name,
      role: input.role,
      createdByUserId: client.userId,
    });
  });
}

export async function revokeApiKey(db: Conn, actor: Actor, keyId: number) {
  const client = requireKeyManager(actor);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, client.accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!row) {
    const [existing] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, client.accountId)));
    if (!existing) throw notFound("API key");
  }
}
