import { BlockList, isIP } from "node:net";

/**
 * An address as written in a URL, a socket or a header, in one spelling: brackets and an IPv6 zone dropped, an
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) as the IPv4 it carries. Null when it is not an IP
 * address.
 */
export function normaliseIp(raw: string): string | null {
  const bare = raw
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return null;
  const words = ipv6Words(bare)!;
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return ipv4Of(words[6]!, words[7]!);
  return bare.toLowerCase();
}

/** The eight 16-bit words of an IPv6 address (`isIP(ip) === 6`, no zone). */
export function ipv6Words(ip: string): number[] | null {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((h) => parseInt(h, 16)) : []);
  const left = part(head);
  const right = part(tail);
  if (tail === undefined) return left.length === 8 ? left : null;
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address in two 16-bit words. */
export const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/** A set of addresses and CIDR blocks (entries already checked, as env.ts does), and its membership test. */
export function addressSet(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const normal = normaliseIp(address) ?? address;
    const type = isIP(normal) === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(normal, type);
    else list.addSubnet(normal, Number(bits) - (type === "ipv4" && isIP(address) === 6 ? 96 : 0), type);
  }
  return (ip) => {
    const normal = normaliseIp(ip);
    if (normal === null) return false;
    return list.check(normal, isIP(normal) === 4 ? "ipv4" : "ipv6");
  };
}
