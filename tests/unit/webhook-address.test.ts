import { describe, expect, it } from "vitest";
import { isForbiddenAddress, isPublicAddress } from "@/lib/webhooks/webhook-address";

// One address inside each range a webhook may never reach, and its edges where a block ends.
const REFUSED: [string, string][] = [
  ["0.0.0.0", "this network"],
  ["0.255.255.255", "this network"],
  ["10.1.2.3", "private"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["100.127.255.254", "carrier-grade NAT"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.255", "loopback"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.10", "documentation TEST-NET-1"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["192.168.1.1", "private"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["198.51.100.7", "documentation TEST-NET-2"],
  ["203.0.113.9", "documentation TEST-NET-3"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "limited broadcast"],
  ["::", "unspecified"],
  ["::1", "IPv6 loopback"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::127.0.0.1", "IPv4-compatible (deprecated)"],
  ["64:ff9b::7f00:1", "NAT64 of loopback"],
  ["64:ff9b::10.0.0.1", "NAT64 of a private address"],
  ["64:ff9b:1::1", "local-use NAT64"],
  ["100::1", "discard-only"],
  ["2001::1", "Teredo"],
  ["2001:10::1", "ORCHID"],
  ["2001:db8::1", "documentation"],
  ["3fff::1", "documentation"],
  ["2002:7f00:1::1", "6to4 of loopback"],
  ["2002:c0a8:101::1", "6to4 of a private address"],
  ["fc00::1", "unique local"],
  ["fd12:3456::1", "unique local"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local with a zone"],
  ["fec0::1", "site-local (deprecated)"],
  ["ff02::1", "multicast"],
  ["not-an-address", "not an IP address"],
];

const PUBLIC: [string, string][] = [
  ["93.184.216.34", "a public IPv4 address"],
  ["8.8.8.8", "a public IPv4 address"],
  ["100.63.255.255", "just below carrier-grade NAT"],
  ["100.128.0.0", "just above carrier-grade NAT"],
  ["172.32.0.1", "just above 172.16/12"],
  ["198.20.0.1", "just above the benchmarking block"],
  ["223.255.255.254", "just below multicast"],
  ["::ffff:93.184.216.34", "IPv4-mapped public"],
  ["64:ff9b::5db8:d822", "NAT64 of a public address"],
  ["2002:5db8:d822::1", "6to4 of a public address"],
  ["2606:2800:220:1:248:1893:25c8:1946", "a public IPv6 address"],
  ["2001:200::1", "just above 2001::/23"],
];

const noRules = { allowed: [], own: [] };

describe("the addresses a webhook may never reach", () => {
  it.each(REFUSED)("refuses %s (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
    expect(isForbiddenAddress(ip, noRules)).toBe(true);
  });

  it.each(PUBLIC)("lets %s through (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
    expect(isForbiddenAddress(ip, noRules)).toBe(false);
  });

  it("refuses this host's own addresses, public ones too, in any spelling", () => {
    const own = ["93.184.216.34", "2606:2800:220:1::5"];
    expect(isForbiddenAddress("93.184.216.34", { allowed: [], own })).toBe(true);
    expect(isForbiddenAddress("::ffff:93.184.216.34", { allowed: [], own })).toBe(true);
    expect(isForbiddenAddress("2606:2800:220:1:0:0:0:5", { allowed: [], own })).toBe(true);
    expect(isForbiddenAddress("93.184.216.35", { allowed: [], own })).toBe(false);
  });

  it("lets through only the addresses and blocks the operator allowed", () => {
    const allowed = ["127.0.0.1", "10.20.0.0/16", "fd00::/8"];
    expect(isForbiddenAddress("127.0.0.1", { allowed, own: [] })).toBe(false);
    expect(isForbiddenAddress("::ffff:127.0.0.1", { allowed, own: [] })).toBe(false);
    expect(isForbiddenAddress("10.20.30.40", { allowed, own: [] })).toBe(false);
    expect(isForbiddenAddress("fd00::5", { allowed, own: [] })).toBe(false);
    expect(isForbiddenAddress("127.0.0.2", { allowed, own: [] })).toBe(true);
    expect(isForbiddenAddress("10.21.0.1", { allowed, own: [] })).toBe(true);
    expect(isForbiddenAddress("::1", { allowed, own: [] })).toBe(true);
  });
});
