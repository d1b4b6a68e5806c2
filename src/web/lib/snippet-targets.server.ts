import { type HarRequest, HTTPSnippet } from "@readme/httpsnippet";
import type { TargetId } from "@readme/httpsnippet/targets";
import { KEY_PLACEHOLDER } from "./snippet-key";
import { type TryItRequest, tryItUrl } from "./try-it-request";
import type { Snippet } from "./try-it-types";

/*
 * Code snippets for the request being tried, rendered on the server with @readme/httpsnippet (it needs Node's `url`
 * module, and keeping it server-side keeps it out of every browser bundle). The API key is written as KEY_PLACEHOLDER
 * (snippet-key.ts) so one rendering serves everyone: the browser swaps in the user's key, masked until revealed.
 */

export interface SnippetTarget {
  id: string;
  label: string;
  target: TargetId;
  client: string;
}

/** The languages offered, in display order (spec: at least cURL, fetch, Node, Python, Go, Java, C#, PHP, Ruby, Swift, Kotlin). */
export const SNIPPET_TARGETS: readonly SnippetTarget[] = [
  { id: "curl", label: "cURL", target: "shell", client: "curl" },
  { id: "js-fetch", label: "JavaScript", target: "javascript", client: "fetch" },
  { id: "node", label: "Node.js", target: "node", client: "fetch" },
  { id: "python", label: "Python", target: "python", client: "requests" },
  { id: "go", label: "Go", target: "go", client: "native" },
  { id: "java", label: "Java", target: "java", client: "okhttp" },
  { id: "csharp", label: "C#", target: "csharp", client: "httpclient" },
  { id: "php", label: "PHP", target: "php", client: "guzzle" },
  { id: "ruby", label: "Ruby", target: "ruby", client: "native" },
  { id: "swift", label: "Swift", target: "swift", client: "urlsession" },
  { id: "kotlin", label: "Kotlin", target: "kotlin", client: "okhttp" },
  { id: "powershell", label: "PowerShell", target: "powershell", client: "restmethod" },
];

/** A JSON body on one line (the editor's pretty-printing makes shell snippets hard to read); other text unchanged. */
function compactJsonBody(body: string, contentType: string | null): string {
  if (contentType !== null && !/json/i.test(contentType)) return body;
  try {
    return JSON.stringify(JSON.parse(body));
  } catch {
    return body;
  }
}

/**
 * Renders `request` against the gateway at `gatewayBase` in every SNIPPET_TARGETS language. `tenantId` is sent as the
 * tenant header when the API is not on the default tenant (the gateway falls back to it otherwise).
 */
export function buildSnippets(
  request: TryItRequest,
  gatewayBase: string,
  options: { tenantHeader?: string | null } = {},
): Snippet[] {
  const url = tryItUrl(gatewayBase, { path: request.path, query: [] });
  const headers = [{ name: "X-Api-Key", value: KEY_PLACEHOLDER }];
  if (options.tenantHeader) headers.push({ name: "X-Tenant-Id", value: options.tenantHeader });
  for (const [name, value] of request.headers) headers.push({ name, value });
  if (request.contentType) headers.push({ name: "Content-Type", value: request.contentType });
  const har: HarRequest = {
    method: request.method,
    url,
    httpVersion: "HTTP/1.1",
    headers,
    queryString: request.query.map(([name, value]) => ({ name, value })),
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    // httpsnippet wants postData even without a body; an empty one renders no body and no content type.
    postData:
      request.body !== null
        ? {
            mimeType: request.contentType ?? "application/json",
            text: compactJsonBody(request.body, request.contentType),
          }
        : { mimeType: "" },
  };
  const snippet = new HTTPSnippet(har);
  return SNIPPET_TARGETS.map((t) => {
    let code: string;
    try {
      const out = snippet.convert(t.target, t.client);
      const first = Array.isArray(out) ? out[0] : out;
      code = typeof first === "string" ? first : "";
    } catch {
      code = "";
    }
    return { id: t.id, label: t.label, code };
  });
}
