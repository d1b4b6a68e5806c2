import dns from "node:dns";
import net from "node:net";
import { AppError } from "../errors/app-error";

/** The in-process demo upstreams: "portico-demo://echo" etc., served by the gateway itself. */
export const DEMO_UPSTREAM_SCHEME = "portico-demo:";

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
] as const) {
  blocked.addSubnet(prefix, bits, "ipv6");
}

/** IPv4 embedded in an IPv6 address (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d), as dotted quad, else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:|::|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (!match) return null;
  if (match[1]) return match[1];
  const hi = Number.parseInt(match[2] ?? "0", 16);
  const lo = Number.parseInt(match[3] ?? "0", 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast, reserved and documentation ranges. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(bare, "ipv6");
  }
  return false;
}

const INTERNAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Checks an API's upstream base URL when a provider saves it: http(s) only, no credentials, and no private,
 * loopback or link-local host unless the operator allows them (GATEWAY_ALLOW_PRIVATE_UPSTREAMS). Names are checked
 * again at connect time (guardedLookup), because DNS can point anywhere later.
 */
export function validateUpstreamUrl(value: string, options: { allowPrivate: boolean }): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError("BAD_REQUEST", "The URL is not valid. Please verify.", { field: "upstreamUrl" });
  }
  if (url.protocol === DEMO_UPSTREAM_SCHEME) return url;
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError("BAD_REQUEST", "The upstream URL must start with http:// or https://", { field: "upstreamUrl" });
  }
  if (url.username || url.password) {
    throw new AppError("BAD_REQUEST", "The upstream URL must not contain credentials", { field: "upstreamUrl" });
  }
  if (!options.allowPrivate && isPrivateHost(url.hostname)) {
    throw new AppError("BAD_REQUEST", "Private, loopback and link-local upstream addresses are not allowed", {
      field: "upstreamUrl",
    });
  }
  return url;
}

/** A host name or literal address that points inside the operator's network. */
export function isPrivateHost(hostname: string): boolean {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  if (net.isIP(bare)) return isPrivateAddress(bare);
  return INTERNAL_NAMES.test(bare.replace(/\.$/, ""));
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A dns.lookup for outgoing upstream connections that refuses private answers (DNS rebinding, internal names);
 * plugged into undici's connector so the check holds for the address actually connected to.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        const refused: NodeJS.ErrnoException = new Error(`Upstream ${hostname} resolves to a private address`);
        refused.code = "EPRIVATEUPSTREAM";
        return callback(refused, "", 4);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }), "", 4);
      callback(null, first.address, first.family);
    });
  };
}
