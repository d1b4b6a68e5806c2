const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "expect",
  "http2-settings",
]);

/**
 * Response headers the gateway sets itself: an upstream's own copies are dropped, or the client would get two values
 * (browsers refuse a response with two Access-Control-Allow-Origin values, so try-it would fail against any upstream
 * that answers CORS itself; two X-RateLimit-Remaining values would contradict each other). Allow-Credentials goes
 * too: the gateway answers `*`, which browsers refuse together with credentials.
 */
const GATEWAY_OWNED = new Set([
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-expose-headers",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-ratelimit-requests-limit",
  "x-ratelimit-requests-remaining",
  "x-ratelimit-requests-reset",
  "x-portico-request-id",
  "x-portico-mock",
]);

/**
 * Upstream response headers never passed on: those the gateway owns, and cookies. The gateway shares a host with the
 * web app (browsers do not separate cookies by port, and a gateway on a sibling subdomain can set them for the parent
 * domain), so an upstream's Set-Cookie could plant or overwrite portico_session or portico_csrf for the web app. API
 * clients authenticate with keys, never cookies (decision 036).
 */
const DROPPED_RESPONSE = new Set([...GATEWAY_OWNED, "set-cookie", "set-cookie2"]);

/** Client headers that claim an identity or a network path: never forwarded as the client sent them. */
const SPOOFABLE = new Set([
  "forwarded",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
  "x-cluster-client-ip",
  "x-original-forwarded-for",
  "x-api-key",
  "x-tenant-id",
]);

/** What the gateway tells the upstream about the call; clients can never set these themselves. */
export interface CallIdentity {
  tenantId: string;
  appId: string;
  keyId: string;
  userId: string;
  subscriptionId: string;
  planId: string;
  /** The plan name as the header carries it: encodePlanName(plan.name), computed once per plan. */
  planNameHeader: string;
  requestId: string;
  clientIp: string;
  host: string;
  proto: "http" | "https";
}

/** Names listed in a Connection header (hop-by-hop by declaration), lower-cased; null when none. */
function connectionListed(value: string | null): Set<string> | null {
  // The usual values list no header names: skip the parse (this runs for every upstream response).
  if (!value || value === "keep-alive" || value === "close" || value === "Keep-Alive" || value === "Close") return null;
  let names: Set<string> | null = null;
  for (const part of value.split(",")) {
    const name = part.trim().toLowerCase();
    if (name === "" || name === "close" || name === "keep-alive") continue;
    names ??= new Set();
    names.add(name);
  }
  return names;
}

function droppedRequestHeader(lower: string, listed: Set<string> | null): boolean {
  return (
    HOP_BY_HOP.has(lower) ||
    SPOOFABLE.has(lower) ||
    lower.startsWith("x-forwarded-") ||
    lower.startsWith("x-portico-") ||
    (listed?.has(lower) ?? false)
  );
}

/**
 * Headers sent upstream as a flat [name, value, ...] list (what undici and node:http take without building objects):
 * the client's raw headers minus hop-by-hop and spoofable ones (X-Forwarded-*, X-Portico-*, Forwarded, real-IP
 * variants, the consumer's key and tenant header), plus the gateway's own forwarding and identity headers.
 */
export function upstreamRequestHeaderList(rawHeaders: readonly string[], who: CallIdentity): string[] {
  const out: string[] = [];
  let listed: Set<string> | null = null;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] as string).length === 10 && (rawHeaders[i] as string).toLowerCase() === "connection") {
      listed = connectionListed(rawHeaders[i + 1] ?? null);
    }
  }
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (droppedRequestHeader(name.toLowerCase(), listed)) continue;
    out.push(name, rawHeaders[i + 1] ?? "");
  }
  out.push(
    "x-forwarded-for",
    who.clientIp,
    "x-forwarded-host",
    who.host,
    "x-forwarded-proto",
    who.proto,
    "x-portico-tenant",
    who.tenantId,
    "x-portico-app",
    who.appId,
    "x-portico-key-id",
    who.keyId,
    "x-portico-user",
    who.userId,
    "x-portico-subscription",
    who.subscriptionId,
    "x-portico-plan",
    who.planId,
    "x-portico-plan-name",
    who.planNameHeader,
    "x-portico-request-id",
    who.requestId,
  );
  return out;
}

/** Plan names may hold any character; the header carries them percent-encoded. */
export function encodePlanName(name: string): string {
  return encodeURIComponent(name);
}

/**
 * Upstream response headers (undici's raw Buffer list) appended to `out` as strings, hop-by-hop ones, those the
 * gateway sets itself and cookies dropped.
 * Bytes are kept as they came (latin1 both ways). Returns the Location header when there is one.
 */
export function appendClientResponseHeaders(raw: readonly Buffer[], out: string[]): string | null {
  let listed: Set<string> | null = null;
  let location: string | null = null;
  const n = raw.length;
  const names: string[] = new Array(n >> 1);
  for (let i = 0; i < n; i += 2) {
    const lower = (raw[i] as Buffer).toString("latin1").toLowerCase();
    names[i >> 1] = lower;
    if (lower === "connection") listed = connectionListed((raw[i + 1] as Buffer).toString("latin1"));
  }
  for (let i = 0; i < n; i += 2) {
    const name = names[i >> 1] as string;
    if (HOP_BY_HOP.has(name) || DROPPED_RESPONSE.has(name) || (listed?.has(name) ?? false)) continue;
    const value = (raw[i + 1] as Buffer).toString("latin1");
    if (name === "location" && location === null) location = value;
    out.push(name, value);
  }
  return location;
}
