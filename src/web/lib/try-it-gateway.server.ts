import { CSRF_COOKIE, CSRF_HEADER, verifyCsrfToken } from "../../api/csrf";
import type { Config } from "../../config";
import type { EndpointTarget } from "../../core/catalog/endpoint-detail.service";
import { type TryItRequest, tryItUrl } from "./try-it-request";
import type { TryItResult } from "./try-it-types";

export type { TryItResult };

/*
 * The server half of try-it: the browser posts the form to Portico, Portico calls its own gateway (never the provider
 * directly, never a URL from the browser) and hands back what came out. No CORS involved, and the gateway applies the
 * caller's key, plan, limits and metering exactly as for any other consumer call.
 */

export const TRY_IT_TIMEOUT_MS = 15_000;
/** Larger response bodies are cut for display (the gateway still streams the whole answer to us). */
export const TRY_IT_MAX_RESPONSE_BYTES = 256 * 1024;

const WILDCARD = new Set(["0.0.0.0", "::", "[::]"]);

/** Where this process reaches the gateway: the embedded listener on loopback, else the configured public URL. */
export function gatewayInternalBase(
  config: Pick<Config, "PORTICO_SERVICES" | "GATEWAY_HOST" | "HOST" | "GATEWAY_PORT" | "GATEWAY_PUBLIC_URL">,
): string {
  if (!config.PORTICO_SERVICES.has("gateway") && config.GATEWAY_PUBLIC_URL) {
    return config.GATEWAY_PUBLIC_URL.replace(/\/+$/, "");
  }
  const host = config.GATEWAY_HOST ?? config.HOST;
  const reachable = WILDCARD.has(host) ? "127.0.0.1" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${reachable}:${config.GATEWAY_PORT}`;
}

/** The gateway address consumers use (snippets, the URL shown beside a response). */
export function gatewayPublicBase(config: Pick<Config, "GATEWAY_PUBLIC_URL" | "GATEWAY_PORT">): string {
  return (config.GATEWAY_PUBLIC_URL ?? `http://localhost:${config.GATEWAY_PORT}`).replace(/\/+$/, "");
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Try-it posts carry the page's CSRF token in the csrf-token header, like every other state-changing call. */
export function hasTryItCsrf(request: Request): boolean {
  return verifyCsrfToken(cookieValue(request, CSRF_COOKIE), request.headers.get(CSRF_HEADER) ?? undefined);
}

async function readCapped(response: Response, max: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    joined.set(c, offset);
    offset += c.length;
  }
  return { text: new TextDecoder().decode(joined), truncated };
}

/** Sends `request` through the gateway at `base` with the user's key; a gateway that cannot be reached is a 502. */
export async function sendThroughGateway(
  base: string,
  publicBase: string,
  request: TryItRequest,
  options: { apiKey: string; tenantId: string; signal?: AbortSignal },
): Promise<TryItResult> {
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  headers.set("x-api-key", options.apiKey);
  headers.set("x-tenant-id", options.tenantId);
  headers.set("accept", "application/json, text/plain, */*");
  if (request.contentType) headers.set("content-type", request.contentType);
  const started = performance.now();
  const url = tryItUrl(base, request);
  const shown = tryItUrl(publicBase, request);
  const timeout = AbortSignal.timeout(TRY_IT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, {
      method: request.method,
      headers,
      body: request.body ?? undefined,
      // The gateway never redirects; if something did, following it could leave the gateway.
      redirect: "manual",
      signal,
    });
    const { text, truncated } = await readCapped(response, TRY_IT_MAX_RESPONSE_BYTES);
    return {
      via: "gateway",
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers].filter(([name]) => name !== "set-cookie"),
      body: text,
      truncated,
      timeMs: Math.round(performance.now() - started),
      url: shown,
    };
  } catch (error) {
    const timedOut = timeout.aborted;
    return {
      via: "gateway",
      status: timedOut ? 504 : 502,
      statusText: timedOut ? "Gateway Timeout" : "Bad Gateway",
      headers: [],
      body: JSON.stringify({
        error: timedOut
          ? `No answer within ${TRY_IT_TIMEOUT_MS / 1000} seconds`
          : `The gateway could not be reached${error instanceof Error && error.message ? ` (${error.message})` : ""}`,
      }),
      truncated: false,
      timeMs: Math.round(performance.now() - started),
      url: shown,
    };
  }
}

/** The try-it operation description of an endpoint target (what buildTryItRequest validates against). */
export function operationOf(target: EndpointTarget) {
  return {
    ownerUsername: target.ownerUsername,
    apiSlug: target.apiSlug,
    method: target.method,
    path: target.path,
    parameters: target.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required })),
    bodyContentTypes: target.bodyContentTypes,
  };
}
