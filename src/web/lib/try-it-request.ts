/*
 * Builds and validates the request the API page's try-it sends through Portico's gateway. The target is never a URL
 * from the browser: it is always /{owner}/{api-slug} plus the operation's own path template with the parameter values
 * percent-encoded into it, so the proxy cannot be pointed anywhere else (no open proxy, no SSRF). Only declared
 * parameters are used, headers that steer proxies or identify callers are refused, and the body is bounded.
 */

export const TRY_IT_LIMITS = {
  maxBodyBytes: 64 * 1024,
  maxValueLength: 2_000,
  maxParams: 100,
};

export interface TryItParameter {
  name: string;
  in: string;
  required: boolean;
}

export interface TryItOperation {
  ownerUsername: string;
  apiSlug: string;
  method: string;
  path: string;
  parameters: TryItParameter[];
  /** Content types the body accepts; empty when the operation takes no body. */
  bodyContentTypes: string[];
}

/** What the browser sends: parameter values keyed "in:name", the body text and its content type, the key. */
export interface TryItInput {
  params: Record<string, string>;
  body: string | null;
  contentType: string | null;
  apiKey: string | null;
}

export interface TryItRequest {
  method: string;
  /** "/{owner}/{slug}/{path with values}" on the gateway. */
  path: string;
  query: Array<[string, string]>;
  headers: Array<[string, string]>;
  body: string | null;
  contentType: string | null;
}

export type TryItBuild = { ok: true; request: TryItRequest } | { ok: false; errors: Record<string, string> };

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
/** Headers the gateway sets or strips itself, or that would change how the call is routed or who it is from. */
const FORBIDDEN_HEADERS = new Set([
  "host",
  "cookie",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "proxy-authorization",
  "expect",
  "forwarded",
  "x-api-key",
  "x-tenant-id",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
]);
const API_KEY = /^pk_[A-Za-z0-9_-]{43}$/;

export function paramKey(p: { in: string; name: string }): string {
  return `${p.in}:${p.name}`;
}

function isForbiddenHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return FORBIDDEN_HEADERS.has(lower) || lower.startsWith("x-forwarded-") || lower.startsWith("x-portico-");
}

/** Reads the untrusted JSON body of a try-it call into a TryItInput; null when its shape is wrong. */
export function parseTryItInput(value: unknown): TryItInput | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const params: Record<string, string> = {};
  const rawParams = record.params ?? {};
  if (typeof rawParams !== "object" || rawParams === null || Array.isArray(rawParams)) return null;
  const entries = Object.entries(rawParams);
  if (entries.length > TRY_IT_LIMITS.maxParams) return null;
  for (const [key, v] of entries) {
    if (typeof v !== "string") return null;
    params[key] = v;
  }
  const str = (v: unknown): string | null | undefined =>
    v === undefined || v === null ? null : typeof v === "string" ? v : undefined;
  const body = str(record.body);
  const contentType = str(record.contentType);
  const apiKey = str(record.apiKey);
  if (body === undefined || contentType === undefined || apiKey === undefined) return null;
  return { params, body, contentType, apiKey: apiKey?.trim() || null };
}

/**
 * Checks the input against the operation and builds the gateway request, or field errors keyed like the input.
 * `lenient` (for code snippets of a form still being filled in) leaves missing path parameters as `{name}` and lets
 * a body that is not valid JSON yet through; every safety rule still applies.
 */
export function buildTryItRequest(
  operation: TryItOperation,
  input: TryItInput,
  options: { lenient?: boolean } = {},
): TryItBuild {
  const errors: Record<string, string> = {};
  let path = operation.path;
  const query: Array<[string, string]> = [];
  const headers: Array<[string, string]> = [];

  for (const p of operation.parameters) {
    const key = paramKey(p);
    const raw = input.params[key];
    const value = raw === undefined ? "" : raw;
    if (value.length > TRY_IT_LIMITS.maxValueLength) {
      errors[key] = `At most ${TRY_IT_LIMITS.maxValueLength} characters`;
      continue;
    }
    if (value === "") {
      if (p.required && p.in !== "cookie" && !options.lenient) errors[key] = `${p.name} is required`;
      continue;
    }
    if (p.in === "path") {
      // Dot segments would climb out of the API's base path on the upstream; the gateway refuses them too.
      if (value === "." || value === "..") {
        errors[key] = `${p.name} cannot be "${value}"`;
        continue;
      }
      path = path.split(`{${p.name}}`).join(encodeURIComponent(value));
    } else if (p.in === "query") {
      query.push([p.name, value]);
    } else if (p.in === "header") {
      if (!HEADER_NAME.test(p.name) || isForbiddenHeader(p.name)) {
        errors[key] = `The ${p.name} header cannot be sent from here`;
      } else if (/[\r\n\0]/.test(value)) {
        errors[key] = "Header values cannot contain line breaks";
      } else {
        headers.push([p.name, value]);
      }
    }
    // Cookie parameters are not forwarded: the browser's cookies belong to Portico, not to the provider.
  }
  if (!options.lenient && /\{[^}/]+\}/.test(path) && Object.keys(errors).length === 0) {
    errors.path = "Every path parameter needs a value";
  }

  let body: string | null = null;
  let contentType: string | null = null;
  if (operation.bodyContentTypes.length > 0 && input.body !== null && input.body.trim() !== "") {
    contentType = input.contentType ?? operation.bodyContentTypes[0] ?? null;
    if (contentType === null || !operation.bodyContentTypes.includes(contentType)) {
      errors.contentType = "Choose one of the content types the endpoint accepts";
    } else if (/[\r\n\0]/.test(contentType)) {
      errors.contentType = "Invalid content type";
    }
    if (new TextEncoder().encode(input.body).length > TRY_IT_LIMITS.maxBodyBytes) {
      errors.body = `The body is larger than ${TRY_IT_LIMITS.maxBodyBytes / 1024} KB`;
    } else if (contentType !== null && /json/i.test(contentType) && !options.lenient) {
      try {
        JSON.parse(input.body);
      } catch (error) {
        errors.body = `The body is not valid JSON: ${error instanceof Error ? error.message : "parse error"}`;
      }
    }
    body = input.body;
  }

  if (input.apiKey !== null && !API_KEY.test(input.apiKey)) {
    errors.apiKey = "This is not a Portico API key (they start with pk_)";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const base = `/${encodeURIComponent(operation.ownerUsername)}/${encodeURIComponent(operation.apiSlug)}`;
  return {
    ok: true,
    request: {
      method: operation.method.toUpperCase(),
      path: base + (path.startsWith("/") ? path : `/${path}`),
      query,
      headers,
      body,
      contentType,
    },
  };
}

/** The full URL of a built request on a gateway base URL ("http://localhost:3001"). */
export function tryItUrl(gatewayBase: string, request: Pick<TryItRequest, "path" | "query">): string {
  const search = new URLSearchParams(request.query).toString();
  // A path key may carry a query of its own ("/services?funcs=News", seen in real specs): the form's query joins it.
  const join = request.path.includes("?") ? "&" : "?";
  return `${gatewayBase.replace(/\/+$/, "")}${request.path}${search ? `${join}${search}` : ""}`;
}
