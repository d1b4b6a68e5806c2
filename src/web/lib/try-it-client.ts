import type { EndpointDetailResponse, TryItResponse } from "./try-it-types";

/*
 * Browser calls of the Endpoints tab: an endpoint's detail (GET, cached per page) and try-it posts, which carry the
 * CSRF token (GET /gateway/csrf, loaded once) in the csrf-token header.
 */

export interface EndpointRef {
  ownerUsername: string;
  slug: string;
  endpointId: string;
}

const segment = (ref: EndpointRef) =>
  `${encodeURIComponent(ref.ownerUsername)}/${encodeURIComponent(ref.slug)}/${encodeURIComponent(ref.endpointId)}`;

const details = new Map<string, Promise<EndpointDetailResponse>>();

export function loadEndpointDetail(ref: EndpointRef): Promise<EndpointDetailResponse> {
  const key = segment(ref);
  let pending = details.get(key);
  if (!pending) {
    pending = fetch(`/resources/endpoint/${key}`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return (await response.json()) as EndpointDetailResponse;
      })
      .catch((error: unknown) => {
        details.delete(key);
        throw error;
      });
    details.set(key, pending);
  }
  return pending;
}

let csrf: Promise<string> | null = null;

function csrfToken(): Promise<string> {
  csrf ??= fetch("/gateway/csrf", { credentials: "same-origin", headers: { accept: "application/json" } })
    .then((r) => r.json() as Promise<{ data?: { csrfToken?: string } }>)
    .then((body) => {
      const token = body.data?.csrfToken;
      if (!token) throw new Error("No CSRF token");
      return token;
    })
    .catch((error: unknown) => {
      csrf = null;
      throw error;
    });
  return csrf;
}

export interface TryItPayload {
  intent: "send" | "snippets";
  params: Record<string, string>;
  body: string | null;
  contentType: string | null;
  apiKey: string | null;
}

/** POSTs a try-it call or snippet request; a stale CSRF token is refreshed once. */
export async function postTryIt(ref: EndpointRef, payload: TryItPayload, signal?: AbortSignal): Promise<TryItResponse> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`/resources/try-it/${segment(ref)}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", "csrf-token": await csrfToken() },
      body: JSON.stringify(payload),
      signal,
    });
    if (response.status === 403 && attempt === 0) {
      csrf = null;
      continue;
    }
    try {
      return (await response.json()) as TryItResponse;
    } catch {
      return { ok: false, error: `HTTP ${response.status}`, fields: {} };
    }
  }
}

/** Pretty-prints JSON text; other text comes back unchanged. */
export function prettyBody(text: string, contentType: string | null): string {
  if (!text) return text;
  if (contentType && !/json/i.test(contentType) && !/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
