import type { EndpointDetail } from "../../core/catalog/endpoint-detail.service";

/** JSON of GET /resources/endpoint/{username}/{slug}/{endpointId}. */
export interface EndpointDetailResponse {
  detail: EndpointDetail;
  /** Public gateway base URL, e.g. http://localhost:3001. */
  gatewayUrl: string;
  signedIn: boolean;
}

export interface TryItResult {
  /** "gateway": sent through the gateway with the user's key; "mock": answered from the spec's examples. */
  via: "gateway" | "mock";
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  truncated: boolean;
  timeMs: number;
  /** The URL as a consumer would call it (public gateway address). */
  url: string;
}

export interface Snippet {
  id: string;
  label: string;
  code: string;
}

/** JSON of POST /resources/try-it/{username}/{slug}/{endpointId}. */
export type TryItResponse =
  | { ok: true; result: TryItResult }
  | { ok: true; snippets: Snippet[] }
  | { ok: false; error: string; fields: Record<string, string> };
