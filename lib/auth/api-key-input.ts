import { z } from "zod";

/** A new API key's name, as people enter it in Settings → API keys. */
export const apiKeyInput = z.object({
  name: z.string().trim().min(1, "Give the key a name, such as the system that will use it.").max(100, "At most 100 characters."),
});
