import { Agent, request } from "undici";
import { guardedLookup, isPrivateHost } from "./ssrf-guard";

/*
 * One GET of an address a provider gave us (a spec URL, a logo), SSRF guarded: literal private addresses, internal
 * names and credentials are refused before connecting, every name is resolved through guardedLookup (DNS rebinding),
 * each redirect hop is checked again, the body is cut at `maxBytes` while it streams in, and the whole exchange has
 * one time limit. Callers turn the failure into their own words (spec import messages, logo cache notes).
 */

export interface GuardedGetOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  accept: string;
  /** Refuse the answer before reading its body when its content type is not wanted. */
  acceptsType?: (contentType: string | undefined) => boolean;
}

export type GuardedGetFailure =
  | { reason: "invalid-url" | "scheme" | "credentials" | "private-host"; url: string }
  | { reason: "redirects" | "too-large" | "type" }
  | { reason: "status"; status: number }
  | { reason: "network"; error: unknown };

export type GuardedGetResult =
  | { ok: true; bytes: Buffer; url: string; contentType: string | undefined }
  | { ok: false; failure: GuardedGetFailure };

/** Why an address may not be fetched at all, or null when it may. */
export function refusedAddress(value: string, allowPrivate: boolean): GuardedGetFailure | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { reason: "invalid-url", url: value };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { reason: "scheme", url: value };
  if (url.username || url.password) return { reason: "credentials", url: value };
  if (!allowPrivate && isPrivateHost(url.hostname)) return { reason: "private-host", url: value };
  return null;
}

/** An agent whose connections go through the SSRF guard; share one across the GETs of one job, then close it. */
export function guardedAgent(allowPrivate: boolean, timeoutMs: number): Agent {
  return new Agent({
    connect: { lookup: guardedLookup(allowPrivate), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

/** Never throws: every refusal and network failure is a `failure`. */
export async function guardedGet(agent: Agent, rawUrl: string, options: GuardedGetOptions): Promise<GuardedGetResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = rawUrl;
  try {
    for (let hop = 0; ; hop++) {
      const refused = refusedAddress(url, options.allowPrivate);
      if (refused) return { ok: false, failure: refused };
      const response = await request(url, {
        method: "GET",
        dispatcher: agent,
        signal,
        headers: { accept: options.accept },
      });
      // Cutting a body short (destroy) makes undici emit an abort error; it is the answer already given, not a crash.
      response.body.on("error", () => {});
      if (response.statusCode >= 300 && response.statusCode < 400) {
        await response.body.dump();
        const location = response.headers.location;
        if (typeof location !== "string" || hop >= options.maxRedirects)
          return { ok: false, failure: { reason: "redirects" } };
        url = new URL(location, url).toString();
        continue;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        return { ok: false, failure: { reason: "status", status: response.statusCode } };
      }
      const header = response.headers["content-type"];
      const contentType = Array.isArray(header) ? header[0] : header;
      if (options.acceptsType && !options.acceptsType(contentType)) {
        response.body.destroy();
        return { ok: false, failure: { reason: "type" } };
      }
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.body.destroy();
        return { ok: false, failure: { reason: "too-large" } };
      }
      const parts: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > options.maxBytes) {
          response.body.destroy();
          return { ok: false, failure: { reason: "too-large" } };
        }
        parts.push(chunk as Buffer);
      }
      return { ok: true, bytes: Buffer.concat(parts), url, contentType };
    }
  } catch (error) {
    return { ok: false, failure: { reason: "network", error } };
  }
}
