import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { selectOutboxFor } from "../src/core/accounts/mail-outbox.queries";
import type { Db } from "../src/db/connection";

/** The token of the newest confirmation link mailed to `email` (decision 022), or "" when none was. */
export async function latestVerificationToken(db: Db, tenantId: string, email: string): Promise<string> {
  const mails = (await selectOutboxFor(db, tenantId, email)).filter((m) => m.kind === "email-verification");
  const body = mails[mails.length - 1]?.body_text ?? "";
  return /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? "";
}

/**
 * A tiny browser stand-in for fastify.inject tests: keeps cookies between requests, fetches a CSRF token, and posts
 * GraphQL with it. Test-only helper (not imported by the server).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  csrfToken = "";
  /** The client's address as the server sees it (fastify.inject's default is 127.0.0.1). */
  remoteAddress: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    public tenantId: string,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(response: LightMyRequestResponse): void {
    const raw = response.headers["set-cookie"];
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const line of list) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(options: {
    method: "GET" | "POST";
    url: string;
    payload?: string | object;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { "x-tenant-id": this.tenantId, ...options.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let payload = options.payload;
    if (payload !== undefined && typeof payload === "object") {
      payload = JSON.stringify(payload);
      headers["content-type"] ??= "application/json";
    }
    const response = await this.app.inject({
      method: options.method,
      url: options.url,
      headers,
      payload,
      remoteAddress: this.remoteAddress,
    });
    this.remember(response);
    return response;
  }

  async fetchCsrf(): Promise<string> {
    const response = await this.request({ method: "GET", url: "/gateway/csrf" });
    this.csrfToken = (response.json() as { data: { csrfToken: string } }).data.csrfToken;
    return this.csrfToken;
  }

  async post(url: string, body: object, withCsrf = true): Promise<LightMyRequestResponse> {
    return this.request({
      method: "POST",
      url,
      payload: body,
      headers: withCsrf ? { "csrf-token": this.csrfToken } : {},
    });
  }

  async graphql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) {
    const response = await this.post("/gateway/graphql", { query, variables });
    const body = response.json() as {
      data?: T | null;
      errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string> } }>;
    };
    return { status: response.statusCode, ...body };
  }

  /**
   * Signs up through the JSON route, then opens the mailed confirmation link (which signs in) and adopts the rotated
   * CSRF token: what a person does in the browser since sign-up confirms the address by e-mail (decision 022).
   */
  async signUpAndConfirm(
    db: Db,
    input: { email: string; username: string; password: string },
  ): Promise<LightMyRequestResponse> {
    if (!this.csrfToken) await this.fetchCsrf();
    const up = await this.post("/authentication/sign-up", input);
    if (up.statusCode !== 200) return up;
    const token = await latestVerificationToken(db, this.tenantId, input.email.trim().toLowerCase());
    const response = await this.post("/authentication/verify-email", { token });
    if (response.statusCode === 200)
      this.csrfToken = (response.json() as { data: { csrfToken: string } }).data.csrfToken;
    return response;
  }

  /** Signs in through the JSON route and adopts the rotated CSRF token. */
  async signIn(email: string, password: string): Promise<LightMyRequestResponse> {
    if (!this.csrfToken) await this.fetchCsrf();
    const response = await this.post("/authentication/sign-in", { email, password });
    if (response.statusCode === 200)
      this.csrfToken = (response.json() as { data: { csrfToken: string } }).data.csrfToken;
    return response;
  }
}
