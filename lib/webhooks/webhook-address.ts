import { lookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

// Where a webhook may never be sent (SSRF): this host, the private networks behind it, link-local (cloud metadata at
// 169.254.169.254), multicast and reserved ranges. An IPv4-mapped IPv6 address is checked as the IPv4 it carries.
const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  blocked.addSubnet(net, bits, "ipv6");
}

/** The IPv4 address in an IPv4-mapped IPv6 one, in either spelling (`::ffff:127.0.0.1`, `::ffff:7f00:1`). */
function mappedIpv4(ip: string): string | undefined {
  const rest = /^::ffff:(.+)$/i.exec(ip)?.[1];
  if (!rest) return undefined;
  if (rest.includes(".")) return rest;
  const [high, low] = rest.split(":").map((h) => parseInt(h, 16));
  if (high === undefined || low === undefined) return undefined;
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether `ip` (a literal address) is one a webhook must never reach. */
export function isForbiddenAddress(ip: string): boolean {
  const mapped = mappedIpv4(ip);
  if (mapped) return isForbiddenAddress(mapped);
  const family = isIP(ip);
  if (family === 0) return true;
  return blocked.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** The addresses `host` resolves to (itself when it is a literal address). */
export function resolveHost(host: string): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  if (isIP(bare)) return Promise.resolve([{ address: bare, family: isIP(bare) }]);
  return new Promise((resolve, reject) =>
    lookup(bare, { all: true }, (e, addresses) => (e ? reject(e) : resolve(addresses))),
  );
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses forbidden addresses after DNS resolution, so the connection goes to the
 * address that was checked (a name cannot resolve to a public address at registration and a private one now).
 */
export function guardedLookup(host: string, options: { all?: boolean }, callback: LookupCallback): void {
  resolveHost(host).then(
    (addresses) => {
      const bad = addresses.find((a) => isForbiddenAddress(a.address));
      if (bad || addresses.length === 0) {
        callback(
          Object.assign(new Error(`${host} resolves to ${bad?.address ?? "nothing"}, a private or reserved address`), {
            code: "EFORBIDDEN",
          }),
          "",
        );
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (e: NodeJS.ErrnoException) => callback(e, ""),
  );
}
