import { setting } from "@/env";
import { addressSet, normaliseIp } from "@/lib/ip-addresses";
import { socketAddressHeader } from "./socket-address";

/**
 * The client's address, for every per-IP limit (sign-in throttling, license lookups): the socket's address, unless
 * the socket is a proxy listed in TRUSTED_PROXIES. Then X-Forwarded-For is read from its right end, each hop added by
 * a trusted proxy, back to the first address that is not one. A client can write anything into the header, so no
 * part of it is believed unless a trusted proxy is the one that passed it on. Null outside a server request (the
 * socket's address is stamped by lib/http/socket-address.ts, from the server's start on).
 */
function clientAddress(headers: Headers): string | null {
  const name = socketAddressHeader();
  const socket = name === undefined ? null : normaliseIp(headers.get(name) ?? "");
  if (socket === null) return null;
  const proxies = setting("TRUSTED_PROXIES");
  if (proxies.length === 0) return socket;
  const trusted = addressSet(proxies);
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").reverse();
  let client = socket;
  for (const hop of hops) {
    if (!trusted(client)) break;
    const next = normaliseIp(hop);
    // A hop that is no address was not written by a trusted proxy: the last proxy's own address stands.
    if (next === null) break;
    client = next;
  }
  return client;
}

/** The caller's address for a route handler (Auth.js's sign-in among them). */
export function clientIp(req: Request): string | null {
  return clientAddress(req.headers);
}
