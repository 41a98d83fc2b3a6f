import { env } from "@/env";
import { validationFailed } from "@/lib/errors";
import { isForbiddenAddress, resolveHost } from "./webhook-address";

const refuse = (message: string) => validationFailed([{ path: "url", message }]);

/**
 * The SSRF rules of a webhook URL, at registration (delivery checks the address again, after DNS): https:// in
 * production, and a host that resolves to public addresses only. WEBHOOKS_ALLOW_PRIVATE=1 (development, tests) lifts
 * both.
 */
export async function checkWebhookUrl(raw: string): Promise<void> {
  const settings = env();
  const url = new URL(raw);
  if (settings.WEBHOOKS_ALLOW_PRIVATE) return;
  if (url.protocol !== "https:" && settings.NODE_ENV === "production") throw refuse("must be an https:// URL");
  let addresses;
  try {
    addresses = await resolveHost(url.hostname);
  } catch {
    throw refuse(`its host ${url.hostname} could not be resolved`);
  }
  const bad = addresses.find((a) => isForbiddenAddress(a.address));
  if (bad)
    throw refuse(`its host resolves to ${bad.address}, a private, loopback or reserved address; use a public address`);
}
