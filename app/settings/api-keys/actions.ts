"use server";

import { getDb } from "@/db";
import { apiKeyInput } from "@/lib/auth/api-key-input";
import { createClientApiKey, requireKeyManager, revokeApiKey } from "@/lib/auth/api-keys";
import { requireActor } from "@/lib/auth/session";
import { runAction } from "@/lib/portal/action-result";
import { parseInput } from "@/lib/validation";

/** Creates a key; the plain key is in this answer only (we keep its hash). */
export async function createApiKeyAction(input: unknown) {
  const { actor } = await requireActor();
  return runAction(async () => {
    requireKeyManager(actor);
    const { name } = parseInput(apiKeyInput, input);
    const { key, record } = await createClientApiKey(await getDb(), actor, name);
    return { key, name: record.name, prefix: record.prefix };
  });
}

export async function revokeApiKeyAction(keyId: number) {
  const { actor } = await requireActor();
  return runAction(async () => revokeApiKey(await getDb(), actor, keyId));
}
