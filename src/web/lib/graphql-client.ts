import { logOut } from "./client-session";

/*
 * The browser's calls to the server (spec section 7): the CSRF token is loaded once and reused; every GraphQL call
 * carries it in the csrf-token header. Spec section 8: a 419 on the CSRF call logs out and goes to the hub; a 419 on
 * a GraphQL call reloads the page (which brings a fresh token).
 */

let csrfToken: string | null = null;
let pendingCsrf: Promise<string> | null = null;

/** The token the server rendered into the page; set once at start (browser only: server module state is shared). */
export function primeCsrfToken(token: string | null | undefined): void {
  if (token && typeof window !== "undefined" && csrfToken === null) csrfToken = token;
}

export async function loadCsrfToken(): Promise<string> {
  if (csrfToken) return csrfToken;
  pendingCsrf ??= fetch("/gateway/csrf", { credentials: "same-origin" }).then(async (response) => {
    pendingCsrf = null;
    if (response.status === 419) {
      logOut();
      throw new RequestError("CSRF", "Invalid or missing CSRF token");
    }
    const body = (await response.json()) as { data?: { csrfToken?: string } };
    const token = body.data?.csrfToken;
    if (!token) throw new RequestError("CSRF", "No CSRF token");
    csrfToken = token;
    return token;
  });
  return pendingCsrf;
}

/** A refused call: `code` is the server's error code, `fields` its field-level messages. */
export class RequestError extends Error {
  readonly code: string;
  readonly fields: Record<string, string>;
  constructor(code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "RequestError";
    this.code = code;
    this.fields = fields;
  }
}

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; fields?: Record<string, string> };
}

/** POST /gateway/graphql; resolves `data`, or rejects with the first error as a RequestError. */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = await loadCsrfToken();
  let response: Response;
  try {
    response = await fetch("/gateway/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", "csrf-token": token },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new RequestError("NETWORK", "Currently Unavailable. Please refresh the page or try again later.");
  }
  if (response.status === 419) {
    window.location.reload();
    throw new RequestError("CSRF", "Invalid or missing CSRF token");
  }
  let body: { data?: T; errors?: GraphQLErrorShape[] } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // A proxy error page or an empty body: reported below as unavailable.
  }
  const error = body.errors?.[0];
  if (error) {
    throw new RequestError(error.extensions?.code ?? "INTERNAL", error.message, error.extensions?.fields ?? {});
  }
  if (!response.ok || body.data === undefined) {
    throw new RequestError("UNAVAILABLE", "Currently Unavailable. Please refresh the page or try again later.");
  }
  return body.data;
}

/** POST one of the /authentication/* JSON routes with the CSRF header; `data` or a RequestError. */
export async function postAuth<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const token = await loadCsrfToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", "csrf-token": token },
      body: JSON.stringify(body),
    });
  } catch {
    throw new RequestError("NETWORK", "Currently Unavailable. Please refresh the page or try again later.");
  }
  if (response.status === 419) {
    // The page's token went stale (another tab signed in or out): a reload brings a fresh one.
    window.location.reload();
    throw new RequestError("CSRF", "Invalid or missing CSRF token");
  }
  const parsed = (await response.json().catch(() => ({}))) as {
    data?: T;
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
  if (parsed.error) throw new RequestError(parsed.error.code, parsed.error.message, parsed.error.fields ?? {});
  if (!response.ok || parsed.data === undefined) {
    throw new RequestError("UNAVAILABLE", "Currently Unavailable. Please refresh the page or try again later.");
  }
  return parsed.data;
}
