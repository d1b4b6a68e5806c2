import type { Agent } from "undici";
import { type GuardedGetFailure, guardedAgent, guardedGet } from "../upstreams/guarded-get";
import { formatBytes, SPEC_LIMITS, specError } from "./spec-errors";
import { truncate } from "./upload-paths";

export interface FetchSpecOptions {
  /** Operator switch (SPEC_IMPORT_ALLOW_PRIVATE_URLS): allow loopback, private and link-local targets. */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export const SPEC_FETCH_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: SPEC_LIMITS.defaultMaxBytes,
  maxRedirects: 3,
} as const;

/**
 * Downloads a spec from an http(s) URL for import. SSRF guarded: literal private addresses and internal names are
 * refused before connecting, and every name is resolved through a lookup that refuses private answers (DNS rebinding)
 * unless the operator allows them; each redirect hop is checked the same way. The body is cut at `maxBytes` and the
 * whole exchange at `timeoutMs`. Failures are BAD_REQUEST naming the URL.
 */
export async function fetchSpecUrl(rawUrl: string, options: FetchSpecOptions): Promise<string> {
  return decodeSpecBody(await fetchSpecBytes(rawUrl, options), rawUrl);
}

/** The refusal of a body that is not UTF-8 text. */
export const URL_NOT_TEXT = "The spec at the URL is not UTF-8 text";

/**
 * fetchSpecUrl without the decoding: the body's bytes, cut at `maxBytes` while they stream in. The import decodes
 * them on a spec worker thread (decoding 10 MB takes ~100 ms of the event loop).
 */
export async function fetchSpecBytes(rawUrl: string, options: FetchSpecOptions): Promise<Uint8Array> {
  const fetcher = specFetcher(options);
  try {
    return (await fetcher.fetch(rawUrl)).bytes;
  } finally {
    await fetcher.close();
  }
}

/** One fetched document: its bytes and the URL it was finally read from (after redirects). */
export interface FetchedSpecFile {
  bytes: Uint8Array;
  url: string;
}

/**
 * Fetches several files over one connection pool (a spec split into sibling files), each under the same rules as
 * fetchSpecBytes: SSRF guarded on every hop, its body cut at `maxBytes`, each exchange within `timeoutMs`.
 */
export function specFetcher(options: FetchSpecOptions): {
  fetch(rawUrl: string): Promise<FetchedSpecFile>;
  close(): Promise<void>;
} {
  const agent = guardedAgent(options.allowPrivate, options.timeoutMs ?? SPEC_FETCH_DEFAULTS.timeoutMs);
  return {
    fetch: (rawUrl) => fetchWith(agent, rawUrl, options),
    close: () => agent.close().catch(() => {}),
  };
}

async function fetchWith(agent: Agent, rawUrl: string, options: FetchSpecOptions): Promise<FetchedSpecFile> {
  const timeoutMs = options.timeoutMs ?? SPEC_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? SPEC_FETCH_DEFAULTS.maxBytes;
  const result = await guardedGet(agent, rawUrl, {
    allowPrivate: options.allowPrivate,
    timeoutMs,
    maxBytes,
    maxRedirects: options.maxRedirects ?? SPEC_FETCH_DEFAULTS.maxRedirects,
    accept: "application/json, application/yaml, text/yaml, text/plain;q=0.8, */*;q=0.5",
  });
  if (result.ok) return { bytes: result.bytes, url: result.url };
  throw specError(failureMessage(result.failure, maxBytes, timeoutMs), rawUrl);
}

/** The spec import's words for a failed guarded GET. */
function failureMessage(failure: GuardedGetFailure, maxBytes: number, timeoutMs: number): string {
  switch (failure.reason) {
    case "invalid-url":
      return `The spec URL is not valid: ${truncate(failure.url)}`;
    case "scheme":
      return "The spec URL must start with http:// or https://";
    case "credentials":
      return "The spec URL must not contain credentials";
    case "private-host":
      return "Private, loopback and link-local addresses are not allowed for spec URLs";
    case "redirects":
      return "The spec URL redirects too often or without a location";
    case "status":
      return `The spec URL answered HTTP ${failure.status}`;
    case "type":
    case "too-large":
      return `The spec at the URL is larger than ${formatBytes(maxBytes)}`;
    case "network":
      return `Could not fetch the spec URL: ${explainFailure(failure.error, timeoutMs)}`;
  }
}

function decodeSpecBody(bytes: Uint8Array, where: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw specError(URL_NOT_TEXT, where);
  }
}

function explainFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EPRIVATEUPSTREAM") return "the host resolves to a private, loopback or link-local address";
  if (error.name === "TimeoutError" || error.name === "AbortError" || code === "UND_ERR_HEADERS_TIMEOUT") {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  if (code === "ENOTFOUND") return "the host name does not resolve";
  if (code === "ECONNREFUSED") return "the connection was refused";
  return truncate(error.message.split("\n", 1)[0] ?? error.message);
}
