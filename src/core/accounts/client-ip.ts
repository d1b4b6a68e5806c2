import { isIPv4, isIPv6 } from "node:net";

/*
 * The key a per-IP limit counts under. IPv4 addresses count one by one; an IPv6 client usually holds a whole /64
 * (any address in it is theirs to use), so IPv6 counts per /64 prefix. IPv4-mapped IPv6 ("::ffff:1.2.3.4") is the
 * IPv4 address.
 */

function expandIPv6(ip: string): string[] | null {
  const [head = "", tail, ...rest] = ip.split("::");
  if (rest.length > 0) return null;
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
}

export function clientIpKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address) || address.includes(".")) return address;
  const groups = expandIPv6(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
