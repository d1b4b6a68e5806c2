import { Agent, request } from "undici";
import { guardedLookup, isPrivateHost } from "../upstreams/ssrf-guard";

/*
 * Fetching a remote API logo on the server (decision 142), so a visitor's browser never contacts the logo's host.
 * The same SSRF guard as spec URL imports and health probes: literal private addresses and internal names are refused
 * before connecting, every name is resolved through guardedLookup (DNS rebinding), each redirect hop is checked again.
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

/** Why an address may not be fetched at all (scheme, credentials, private host), or null when it may. */
export function refusedLogoUrl(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "not a valid URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "not an http(s) URL";
  if (url.username || url.password) return "the URL carries credentials";
  if (!allowPrivate && isPrivateHost(url.hostname)) return "private, loopback or link-local host";
  return null;
}

/** Downloads one logo: an allowed image type, at most `maxBytes`, within `timeoutMs`. Never throws. */
export async function fetchLogo(rawUrl: string, options: LogoFetchOptions): Promise<LogoFetchResult> {
  const timeoutMs = options.timeoutMs ?? LOGO_FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? LOGO_FETCH_LIMITS.maxBytes;
  const agent = new Agent({
    connect: { lookup: guardedLookup(options.allowPrivate), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let url = rawUrl;
    for (let hop = 0; ; hop++) {
      const refused = refusedLogoUrl(url, options.allowPrivate);
      if (refused) return { ok: false, failure: refused };
      const response = await request(url, {
        method: "GET",
        dispatcher: agent,
        signal,
        headers: { accept: "image/avif,image/webp,image/svg+xml,image/png,image/*;q=0.8" },
      });
      // Cutting a body short (destroy) makes undici emit an abort error; it is the answer already given, not a crash.
      response.body.on("error", () => {});
      if (response.statusCode >= 300 && response.statusCode < 400) {
        await response.body.dump();
        const location = response.headers.location;
        if (typeof location !== "string" || hop >= LOGO_FETCH_LIMITS.maxRedirects) {
          return { ok: false, failure: "too many redirects" };
        }
        url = new URL(location, url).toString();
        continue;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        return { ok: false, failure: `HTTP ${response.statusCode}` };
      }
      const contentType = logoContentType(response.headers["content-type"]);
      const declared = Number(response.headers["content-length"]);
      if (!contentType || (Number.isFinite(declared) && declared > maxBytes)) {
        response.body.destroy();
        return { ok: false, failure: contentType ? "larger than the limit" : "not an image" };
      }
      const parts: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          response.body.destroy();
          return { ok: false, failure: "larger than the limit" };
        }
        parts.push(chunk as Buffer);
      }
      return { ok: true, contentType, bytes: Buffer.concat(parts) };
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EPRIVATEUPSTREAM") return { ok: false, failure: "the host resolves to a private address" };
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      return { ok: false, failure: "no answer in time" };
    }
    return { ok: false, failure: code ?? (error instanceof Error ? error.message.slice(0, 200) : "fetch failed") };
  } finally {
    agent.close().catch(() => {});
  }
}
