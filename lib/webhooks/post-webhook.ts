import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { guardedLookup, isForbiddenAddress } from "./webhook-address";

/**
 * POSTs one signed event and answers the receiver's status code, or throws (network error, forbidden address, no
 * answer within `timeoutMs`). Redirects are not followed: a 3xx counts as a failure like any other non-2xx.
 */
export function postWebhook(
  url: string,
  message: { headers: Record<string, string>; body: string },
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  // A literal address is connected to without a lookup, so it is checked here.
  if (!opts.allowPrivate && isIP(host) && isForbiddenAddress(host)) {
    return Promise.reject(new Error(`${host} is a private or reserved address`));
  }
  const transport = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      target,
      {
        method: "POST",
        headers: { ...message.headers, "content-type": "application/json", "user-agent": "CoverDesk-Webhooks/1" },
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on("close", () => clearTimeout(timer));
    req.on("error", reject);
    req.end(message.body);
  });
}
