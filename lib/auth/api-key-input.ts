import { z } from "zod";
import { isOneLine, TEXT_LIMITS } from "@/lib/input-text";
import { CLIENT_ROLES } from "./client-roles";

/** A new API key, as client admins enter it in Settings → API keys: a name and its role (member unless chosen). */
export const apiKeyInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the key a name, such as the system that will use it.")
    .max(TEXT_LIMITS.name, `At most ${TEXT_LIMITS.name} characters.`)
    .refine(isOneLine, "Use one line, without control characters."),
  role: z.enum(CLIENT_ROLES, { error: "Choose admin or member." }).default("member"),
});
