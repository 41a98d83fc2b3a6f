"use server";

import { apiKeyInput } from "@/lib/auth/api-key-input";
import { createClientApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";

const keyManagers = {
  roles: ["client:admin"],
  doing: "manage their account's API keys",
  revalidate: ["/settings/api-keys"],
} as const;

/** Creates a key; the plain key is in this answer only (we keep its hash). */
export async function createApiKeyAction(values: unknown) {
  return formAction({ ...keyManagers, schema: apiKeyInput, values }, async ({ db, actor, input }) => {
    const { key, record } = await createClientApiKey(db, actor, input);
    return { key, name: record.name, role: record.role, prefix: record.prefix };
  });
}

export async function revokeApiKeyAction(keyId: number) {
  return formAction(keyManagers, async ({ db, actor }) => {
    await revokeApiKey(db, actor, pathId(String(keyId), "API key"));
    return null;
  });
}
