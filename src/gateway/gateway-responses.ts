import type { ServerResponse } from "node:http";
import { type ErrorCode, httpStatusOf } from "../core/errors/app-error";
import { resetSeconds } from "../core/plans/quota-period";
import type { LimitDecision } from "../infra/counters/counter-store";

export const EXPOSED_HEADERS = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-ratelimit-requests-limit",
  "x-ratelimit-requests-remaining",
  "x-ratelimit-requests-reset",
  "retry-after",
  "x-portico-request-id",
  "x-portico-mock",
].join(", ");

/** Browsers call the gateway from the API page's try-it (another origin); keys travel in headers, never cookies. */
export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSED_HEADERS,
};

/** The CORS headers every gateway answer carries, as the start of a flat header list. */
export const CORS_HEADER_LIST: readonly string[] = Object.entries(CORS_HEADERS).flat();

/**
 * Rate limit (X-RateLimit-*) and quota (X-RateLimit-Requests-*) headers appended to a flat header list; reset values
 * are seconds from now (resetSeconds).
 */
export function appendLimitHeaders(decision: Pick<LimitDecision, "rate" | "quota">, into: string[]): void {
  const { rate, quota } = decision;
  if (rate) {
    into.push(
      "x-ratelimit-limit",
      `${rate.limit}`,
      "x-ratelimit-remaining",
      `${rate.remaining}`,
      "x-ratelimit-reset",
      `${resetSeconds(rate.resetMs)}`,
    );
  }
  if (quota) {
    into.push(
      "x-ratelimit-requests-limit",
      `${quota.limit}`,
      "x-ratelimit-requests-remaining",
      `${quota.remaining}`,
      "x-ratelimit-requests-reset",
      `${resetSeconds(quota.resetMs)}`,
    );
  }
}

/** A flat header list as an object (gateway-made answers, which are off the hot path). */
export function headerObject(list: readonly string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i] as string] = list[i + 1] as string;
  return out;
}

/**
 * A gateway-made answer: JSON { error: { code, message } } with CORS headers; returns the bytes written. The codes
 * are the web service's (src/core/errors, with UPSTREAM/UPSTREAM_TIMEOUT for upstream failures) and the status is
 * always httpStatusOf(code); "OK" is the health answer (200).
 */
export function sendError(
  res: ServerResponse,
  code: ErrorCode | "OK",
  message: string,
  extra: Record<string, string | string[]> = {},
): number {
  const body = JSON.stringify({ error: { code, message } });
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return 0;
  }
  res.writeHead(code === "OK" ? 200 : httpStatusOf(code), {
    ...CORS_HEADERS,
    ...extra,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
  return Buffer.byteLength(body);
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** CORS preflight: answered by the gateway itself, never counted. */
export function sendPreflight(res: ServerResponse, requestedHeaders: string | undefined): void {
  const allowed = (requestedHeaders ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter((h) => h !== "" && TOKEN.test(h))
    .slice(0, 50)
    .join(", ");
  res.writeHead(204, {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
    "access-control-allow-headers": allowed || "x-api-key, x-tenant-id, content-type",
    "access-control-max-age": "600",
    "content-length": "0",
  });
  res.end();
}
