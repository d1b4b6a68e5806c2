import { type GuardedGetFailure, guardedAgent, guardedGet, refusedAddress } from "../upstreams/guarded-get";

/*
 * Fetching a remote API logo on the server (decision 142), so a visitor's browser never contacts the logo's host.
 * Through the same guarded GET as spec URL imports (core/upstreams/guarded-get.ts): SSRF rules before connecting and
 * on every redirect hop, one time limit, the body cut at the size limit.
 */

export const LOGO_FETCH_LIMITS = {
  timeoutMs: 5_000,
  maxBytes: 512 * 1024,
  maxRedirects: 3,
} as const;

/** The picture types served from /logos; anything else (HTML error pages, scripts, JSON) is a failure. */
const IMAGE_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/svg+xml": "svg",
  "image/x-icon": "ico",
  "image/vnd.microsoft.icon": "ico",
};

/** The allowed image type of a Content-Type header (parameters and case ignored), normalised; null otherwise. */
export function logoContentType(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  if (!(value in IMAGE_TYPES)) return null;
  return value === "image/jpg" ? "image/jpeg" : value === "image/vnd.microsoft.icon" ? "image/x-icon" : value;
}

export interface LogoFetchOptions {
  /** Operator switch (SPEC_IMPORT_ALLOW_PRIVATE_URLS): allow loopback, private and link-local targets. */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

export type LogoFetchResult = { ok: true; contentType: string; bytes: Buffer } | { ok: false; failure: string };

function failureText(failure: GuardedGetFailure): string {
  switch (failure.reason) {
    case "invalid-url":
      return "not a valid URL";
    case "scheme":
      return "not an http(s) URL";
    case "credentials":
      return "the URL carries credentials";
    case "private-host":
      return "private, loopback or link-local host";
    case "redirects":
      return "too many redirects";
    case "status":
      return `HTTP ${failure.status}`;
    case "type":
      return "not an image";
    case "too-large":
      return "larger than the limit";
    case "network": {
      const { error } = failure;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPRIVATEUPSTREAM") return "the host resolves to a private address";
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        return "no answer in time";
      }
      return code ?? (error instanceof Error ? error.message.slice(0, 200) : "fetch failed");
    }
  }
}

/** Why an address may not be fetched at all (scheme, credentials, private host), or null when it may. */
export function refusedLogoUrl(value: string, allowPrivate: boolean): string | null {
  const refused = refusedAddress(value, allowPrivate);
  return refused ? failureText(refused) : null;
}

/** Downloads one logo: an allowed image type, at most `maxBytes`, within `timeoutMs`. Never throws. */
export async function fetchLogo(rawUrl: string, options: LogoFetchOptions): Promise<LogoFetchResult> {
  const timeoutMs = options.timeoutMs ?? LOGO_FETCH_LIMITS.timeoutMs;
  const agent = guardedAgent(options.allowPrivate, timeoutMs);
  try {
    const result = await guardedGet(agent, rawUrl, {
      allowPrivate: options.allowPrivate,
      timeoutMs,
      maxBytes: options.maxBytes ?? LOGO_FETCH_LIMITS.maxBytes,
      maxRedirects: LOGO_FETCH_LIMITS.maxRedirects,
      accept: "image/avif,image/webp,image/svg+xml,image/png,image/*;q=0.8",
      acceptsType: (type) => logoContentType(type) !== null,
    });
    if (!result.ok) return { ok: false, failure: failureText(result.failure) };
    return { ok: true, contentType: logoContentType(result.contentType) ?? "", bytes: result.bytes };
  } finally {
    agent.close().catch(() => {});
  }
}
