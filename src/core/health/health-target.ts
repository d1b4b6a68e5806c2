import { AppError } from "../errors/app-error";
import { DEMO_UPSTREAM_SCHEME, isPrivateHost } from "../upstreams/ssrf-guard";

/*
 * What a health probe of an API targets (decision 101). Calls to an API in mock mode are answered by the gateway
 * itself, so its probe asks the gateway; a built-in demo upstream ("portico-demo://geo") is served by the gateway's
 * process; any other upstream is probed over http(s) at the provider's health path, else at its base URL, and never
 * at a private, loopback or link-local address unless the operator allows those (the gateway's SSRF rule).
 */

export type GatewayModeOfApi = "proxy" | "mock";

export interface HealthTargetInput {
  upstreamUrl: string | null;
  mode: GatewayModeOfApi | null;
  healthPath: string | null;
}

export interface HealthProbeOrigins {
  /** GATEWAY_ALLOW_PRIVATE_UPSTREAMS: the operator allows private upstream addresses. */
  allowPrivate: boolean;
  /** The gateway of this process (http://127.0.0.1:port), or null when this process does not run it. */
  gatewayOrigin: string | null;
  /** The built-in demo upstreams of this process's gateway, or null. */
  demoOrigin: string | null;
}

/** Why an API is not probed; the API page says it in words. */
export type NotProbedReason = "no-upstream" | "address-not-allowed" | "invalid-url" | "gateway-elsewhere";

export type HealthTarget =
  /** `guarded`: connections resolve names through the SSRF guard (false only for this process's own gateway). */
  | { kind: "probe"; url: string; guarded: boolean; via: "gateway" | "builtin" | "upstream" }
  | { kind: "none"; reason: NotProbedReason };

const MAX_HEALTH_PATH = 512;
export const HEALTH_PATH_INVALID = "The health path must be a path such as /health (no host, spaces or backslashes)";

/** Whether a provider's health path is acceptable (empty is: it means the base URL); validateHealthPath's rule. */
export function isValidHealthPath(value: string | null | undefined): boolean {
  try {
    validateHealthPath(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A provider's health path: "/" then a path and optional query, at most 512 characters, that stays on the API's base
 * URL (no "//host", backslashes, spaces, control characters or fragment). Returns it trimmed, or null when empty.
 */
export function validateHealthPath(value: string | null | undefined): string | null {
  const path = (value ?? "").trim();
  if (path === "") return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  const unsafe = /[\s\\#\u0000-\u001f\u007f]/.test(path);
  if (path.length > MAX_HEALTH_PATH || !path.startsWith("/") || path.startsWith("//") || unsafe) {
    throw new AppError("BAD_REQUEST", HEALTH_PATH_INVALID, { field: "healthPath" });
  }
  const joined = new URL(path, "http://base.invalid");
  if (joined.origin !== "http://base.invalid") {
    throw new AppError("BAD_REQUEST", HEALTH_PATH_INVALID, { field: "healthPath" });
  }
  return path;
}

/** The base URL and the health path joined the way the gateway joins a call's path: appended to the base path. */
function joinPath(base: URL, healthPath: string | null): string {
  const basePath = base.pathname.replace(/\/+$/, "");
  return `${base.origin}${basePath}${healthPath ?? (basePath === "" ? "/" : "")}`;
}

export function resolveHealthTarget(api: HealthTargetInput, origins: HealthProbeOrigins): HealthTarget {
  let healthPath: string | null;
  try {
    healthPath = validateHealthPath(api.healthPath);
  } catch {
    return { kind: "none", reason: "invalid-url" };
  }
  if (api.mode === "mock") {
    // The gateway answers these calls from the spec; what can fail is the gateway itself.
    return origins.gatewayOrigin
      ? { kind: "probe", url: `${origins.gatewayOrigin}/healthz`, guarded: false, via: "gateway" }
      : { kind: "none", reason: "gateway-elsewhere" };
  }
  const raw = api.upstreamUrl?.trim() ?? "";
  if (raw === "") return { kind: "none", reason: "no-upstream" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: "none", reason: "invalid-url" };
  }
  if (url.protocol === DEMO_UPSTREAM_SCHEME) {
    if (!origins.demoOrigin) return { kind: "none", reason: "gateway-elsewhere" };
    const service = url.hostname;
    const base = new URL(`${origins.demoOrigin}/${service}${url.pathname === "/" ? "" : url.pathname}`);
    return { kind: "probe", url: joinPath(base, healthPath), guarded: false, via: "builtin" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "none", reason: "invalid-url" };
  if (url.username || url.password) return { kind: "none", reason: "invalid-url" };
  if (!origins.allowPrivate && isPrivateHost(url.hostname)) return { kind: "none", reason: "address-not-allowed" };
  return { kind: "probe", url: joinPath(url, healthPath), guarded: true, via: "upstream" };
}
