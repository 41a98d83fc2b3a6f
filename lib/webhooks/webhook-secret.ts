import { randomBytes } from "node:crypto";

/** A new signing secret in the Standard Webhooks format: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;
