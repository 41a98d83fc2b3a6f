import { lookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import os from "node:os";
import { addressSet, ipv4Of, ipv6Words, normaliseIp } from "@/lib/ip-addresses";

// Where a webhook may never be sent (SSRF): every range of IANA's special-purpose registries that is not globally
// reachable, and those that are but carry no receiver (documentation, benchmarking, 6to4 relays, multicast).
const specialIpv4 = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata at 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the limited broadcast 255.255.255.255
] as const)
  specialIpv4.addSubnet(net, bits, "ipv4");

// IPv6 is refused outside global unicast (2000::/3: this keeps out ::, ::1, 100::/64, fc00::/7, fe80::/10, ff00::/8 and
// every unassigned block), and inside it the special blocks below. The forms that carry an IPv4 address are judged
// by that address.
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");
const specialIpv6 = new BlockList();
for (const [net, bits] of [
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, AMT, ...)
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
] as const)
  specialIpv6.addSubnet(net, bits, "ipv6");

/** The IPv4 address an IPv6 one stands for: NAT64 (64:ff9b::/96) and 6to4 (2002::/16). */
function embeddedIpv4(words: number[]): string | undefined {
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0))
    return ipv4Of(words[6]!, words[7]!);
  if (words[0] === 0x2002) return ipv4Of(words[1]!, words[2]!);
  return undefined;
}

/** Whether `ip` (a literal address) is a public one: not in a special-purpose range. */
export function isPublicAddress(ip: string): boolean {
  const normal = normaliseIp(ip);
  if (normal === null) return false;
  if (isIP(normal) === 4) return !specialIpv4.check(normal, "ipv4");
  const words = ipv6Words(normal);
  if (!words) return false;
  const v4 = embeddedIpv4(words);
  if (v4 !== undefined) return isPublicAddress(v4);
  return globalUnicast.check(normal, "ipv6") && !specialIpv6.check(normal, "ipv6");
}

/** Every address of this host's network interfaces, read anew each time (an interface can come and go). */
function ownAddresses(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
}

export type AddressRules = {
  /** WEBHOOK_ALLOWED_ADDRESSES: addresses and blocks an operator lets webhooks reach although the guard refuses them. */
  allowed: readonly string[];
  /** This host's own addresses (its network interfaces by default). */
  own?: readonly string[];
};

/** Whether the operator let webhooks reach `ip` (WEBHOOK_ALLOWED_ADDRESSES). */
export const isAllowedAddress = (ip: string, allowed: readonly string[]) =>
  allowed.length > 0 && addressSet(allowed)(ip);

/**
 * Whether a webhook may not be sent to `ip`: a non-public address, or one of this host's own (a public address of
 * this server would reach its own listeners), unless the operator allowed it.
 */
export function isForbiddenAddress(ip: string, rules: AddressRules): boolean {
  const normal = normaliseIp(ip);
  if (normal === null) return true;
  if (isAllowedAddress(normal, rules.allowed)) return false;
  if (!isPublicAddress(normal)) return true;
  return addressSet(rules.own ?? ownAddresses())(normal);
}

/** The addresses `host` resolves to (itself when it is a literal address). */
export function resolveHost(host: string): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  if (isIP(bare)) return Promise.resolve([{ address: bare, family: isIP(bare) }]);
  return new Promise((resolve, reject) =>
    lookup(bare, { all: true }, (e, addresses) => (e ? reject(e) : resolve(addresses))),
  );
}

/** The error of a delivery refused for its address (the delivery log says so without naming the address). */
export const FORBIDDEN_ADDRESS = "EFORBIDDENADDRESS";

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses forbidden addresses after DNS resolution, so the connection goes to the
 * address that was checked (a name cannot resolve to a public address at registration and a private one now).
 */
export function guardedLookup(rules: AddressRules) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolveHost(host).then(
      (addresses) => {
        const bad = addresses.find((a) => isForbiddenAddress(a.address, rules));
        if (bad || addresses.length === 0) {
          callback(
            Object.assign(new Error(`${host} resolves to ${bad?.address ?? "nothing"}, a refused address`), {
              code: FORBIDDEN_ADDRESS,
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
  };
}
