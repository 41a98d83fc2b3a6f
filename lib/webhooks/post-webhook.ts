import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { FORBIDDEN_ADDRESS, guardedLookup, isForbiddenAddress, type AddressRules } from "./webhook-address";

/**
 * A failed delivery, said the way the endpoint's owner reads it in the delivery log: a generic reason only. The
 * socket's or TLS's own message would let a client map this network's ports and read its internal certificates.
 */
class DeliveryFailed extends Error {
  override name = "DeliveryFailed";
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$)/;

/** The generic reason for a network error (what the delivery log shows). */
export function deliveryFailure(e: unknown): DeliveryFailed {
  if (e instanceof DeliveryFailed) return e;
  const code = String((e as NodeJS.ErrnoException | undefined)?.code ?? "");
  if (code === FORBIDDEN_ADDRESS)
    return new DeliveryFailed("Address not allowed: the endpoint is on a private, reserved or this server's address.");
  if (code === "ECONNREFUSED") return new DeliveryFailed("Connection refused.");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return new DeliveryFailed("Host not found.");
  if (TLS_CODES.test(code)) return new DeliveryFailed("TLS failed: no secure connection to the endpoint.");
  if (code === "ECONNRESET") return new DeliveryFailed("Connection reset by the endpoint.");
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return new DeliveryFailed("Host unreachable.");
  return new DeliveryFailed("Connection failed.");
}

/**
 * POSTs one signed event and answers the receiver's status code, or throws a DeliveryFailed (network error,
 * refused address, no answer within `timeoutMs`). Redirects are not followed: a 3xx counts as a failure like any
 * other non-2xx.
 */
export function postWebhook(
  url: string,
  message: { headers: Record<string, string>; body: string },
  opts: { timeoutMs: number; allowPrivate: boolean; rules: AddressRules },
): Promise<number> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  // A literal address is connected to without a lookup, so it is checked here.
  if (!opts.allowPrivate && isIP(host) && isForbiddenAddress(host, opts.rules)) {
    return Promise.reject(deliveryFailure(Object.assign(new Error(host), { code: FORBIDDEN_ADDRESS })));
  }
  const transport = target.protocol === "https:" ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = transport.request(
      target,
      {
        method: "POST",
        headers: { ...message.headers, "content-type": "application/json", "user-agent": "CoverDesk-Webhooks/1" },
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup(opts.rules) }),
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new DeliveryFailed(`Timed out: no answer within ${opts.timeoutMs} ms.`)),
      opts.timeoutMs,
    );
    req.on("close", () => clearTimeout(timer));
    req.on("error", reject);
    req.end(message.body);
  }).catch((e: unknown) => {
    throw deliveryFailure(e);
  });
}
