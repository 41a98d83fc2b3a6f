import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts, apiKeys } from "@/db/schema";
import { DomainError, forbidden, notFound } from "@/lib/errors";
import type { Actor } from "./actor";

const KEY_PREFIX = "cd_";

const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** Creates a key for a client account, or a staff key when accountId is null. The plain key is returned once. */
export async function createApiKey(
  db: Conn,
  input: { accountId: number | null; name: string; createdByUserId?: number | null },
) {
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [record] = await db
    .insert(apiKeys)
    .values({
      accountId: input.accountId,
      name: input.name,
      prefix: key.slice(0, KEY_PREFIX.length + 8),
      keyHash: hashApiKey(key),
      createdByUserId: input.createdByUserId ?? null,
    })
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, dateAdded: apiKeys.dateAdded });
  if (!record) throw new Error("API key insert returned nothing");
  return { key, record };
}

const unauthorized = (detail: string) => new DomainError("unauthorized", detail);

/** Resolves an `Authorization: Bearer <key>` header to the caller, or throws `unauthorized`. */
export async function actorFromAuthorization(db: Conn, header: string | null): Promise<Actor> {
  if (!header) throw unauthorized("Send your API key as `Authorization: Bearer <key>`.");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized("The Authorization header must be `Bearer <key>`.");
  const [row] = await db
    .select({ id: apiKeys.id, accountId: apiKeys.accountId, revokedAt: apiKeys.revokedAt, accountName: accounts.name })
    .from(apiKeys)
    .leftJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, hashApiKey(match[1])));
  if (!row || row.revokedAt) throw unauthorized("The API key is unknown or has been revoked.");
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.id));
  if (row.accountId === null) return { kind: "employee", name: "CoverDesk staff (API)", userId: null, apiKeyId: row.id };
  return { kind: "client", name: row.accountName ?? "Client", accountId: row.accountId, userId: null, apiKeyId: row.id };
}

function requireKeyManager(actor: Actor) {
  if (actor.kind !== "client") throw forbidden("Only client staff manage their account's API keys.");
  return actor;
}

export async function listApiKeys(db: Conn, actor: Actor) {
  const client = requireKeyManager(actor);
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      dateAdded: apiKeys.dateAdded,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, client.accountId))
    .orderBy(desc(apiKeys.dateAdded), desc(apiKeys.id));
}

export async function createClientApiKey(db: Conn, actor: Actor, name: string) {
  const client = requireKeyManager(actor);
  return createApiKey(db, { accountId: client.accountId, name, createdByUserId: client.userId });
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
