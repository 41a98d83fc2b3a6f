import { env } from "@/env";
import { validationFailed } from "@/lib/errors";
import { isAllowedAddress, isForbiddenAddress, resolveHost } from "./webhook-address";

const refuse = (message: string) => validationFailed([{ path: "url", message }]);

/**
 * The SSRF rules of a webhook URL, at registration (delivery checks the address again, after DNS): a host that
 * resolves to public addresses only, none of them this server's own, and https:// in production. Addresses in
 * WEBHOOK_ALLOWED_ADDRESSES pass both rules; WEBHOOKS_ALLOW_PRIVATE=1 (development) lifts them.
 */
export async function checkWebhookUrl(raw: string): Promise<void> {
  const settings = env();
  const url = new URL(raw);
  if (settings.WEBHOOKS_ALLOW_PRIVATE) return;
  let addresses;
  try {
    addresses = await resolveHost(url.hostname);
  } catch {
    throw refuse(`its host ${url.hostname} could not be resolved`);
  }
  const rules = { allowed: settings.WEBHOOK_ALLOWED_ADDRESSES };
  const bad = addresses.find((a) => isForbiddenAddress(a.address, rules));
  if (bad)
    throw refuse(
      `its host resolves to ${bad.address}, a private, loopback, reserved or this server's own address; use a public address`,
    );
  // A receiver the operator allowed is on their own network, where plain http:// is their choice.
  const allowedOnly = addresses.every((a) => isAllowedAddress(a.address, rules.allowed));
  if (url.protocol !== "https:" && settings.NODE_ENV === "production" && !allowedOnly)
    throw refuse("must be an https:// URL");
}
