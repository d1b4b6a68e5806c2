import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../core/accounts/accounts.types";
import {
  createSession,
  destroySession,
  destroySessionByToken,
  lookupSession,
  SESSION_TTL_MS,
} from "../core/accounts/sessions.service";
import { AppError } from "../core/errors/app-error";
import type { Db } from "../db/connection";
import { sendAppError } from "./app-error-mapping";
import { serverCookieOptions } from "./cookie-options";
import { CSRF_COOKIE, hasValidCsrf, issueCsrfToken, verifyCsrfToken } from "./csrf";

export const SESSION_COOKIE = "portico_session";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user of this request's tenant, or null. */
    viewer: Viewer | null;
    /** True when the request carried a live session of another tenant (refused for writes, signed-out for reads). */
    sessionOfOtherTenant: boolean;
  }
}

/** What resolvers and routes use to open or close the browser's session. */
export interface SessionControl {
  /** Rotates: ends the current session, opens a new one for this user, rotates the CSRF secret; returns the new token. */
  start(userId: string): Promise<{ csrfToken: string; viewer: Viewer }>;
  end(): Promise<void>;
}

function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

// Sign-in, sign-up and sign-out replace the session, so a cookie of another tenant must not block them.
const SESSION_REPLACING = /^\/authentication\//;

/**
 * Resolves the session cookie to request.viewer after the tenant is known. A session belongs to one tenant: with a
 * cookie of another tenant, reads behave as signed out and state-changing requests (GraphQL included) get 403. A
 * session whose CSRF binding does not match the browser's CSRF cookie is ignored (cookie tossing cannot ride it).
 */
export function registerSession(app: FastifyInstance, db: Db): void {
  app.decorateRequest("viewer", null);
  app.decorateRequest("sessionOfOtherTenant", false);
  app.addHook("onRequest", async (request, reply) => {
    request.viewer = null;
    request.sessionOfOtherTenant = false;
    if (!request.tenant) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await lookupSession(db, request.tenant.id, token);
    if (found.status === "other-tenant") {
      request.sessionOfOtherTenant = true;
      const path = request.url.split("?")[0] ?? "";
      if (request.method !== "GET" && request.method !== "HEAD" && !SESSION_REPLACING.test(path)) {
        return sendAppError(reply, new AppError("FORBIDDEN", "This session belongs to another tenant. Sign in again."));
      }
      return;
    }
    if (found.status !== "ok") return;
    const csrfSecret = request.cookies[CSRF_COOKIE];
    if (found.csrfSecretHash && (!csrfSecret || hashSecret(csrfSecret) !== found.csrfSecretHash)) return;
    request.viewer = found.viewer;
  });
}

/** A session cookie that opens no session of this tenant: GET /gateway/csrf answers 419 for it (spec section 8). */
export function hasStaleSession(request: FastifyRequest): boolean {
  return Boolean(request.cookies[SESSION_COOKIE]) && request.viewer === null;
}

/** The CSRF token from the csrf-token header or (for HTML form posts) a `csrfToken` body field. */
export function hasValidCsrfInHeaderOrBody(request: FastifyRequest): boolean {
  if (hasValidCsrf(request)) return true;
  const body = request.body;
  const token =
    body && typeof body === "object" && "csrfToken" in body && typeof body.csrfToken === "string"
      ? body.csrfToken
      : undefined;
  return verifyCsrfToken(request.cookies[CSRF_COOKIE], token);
}

/** Session control bound to one request/reply (GraphQL signIn/signOut, HTTP auth routes). */
export function sessionControl(db: Db, request: FastifyRequest, reply: FastifyReply): SessionControl {
  return {
    async start(userId) {
      // Rotation: the old session (if any) is ended, a new id is issued, and the CSRF secret is replaced and bound.
      await destroySessionByToken(db, request.cookies[SESSION_COOKIE]);
      const csrfSecret = randomBytes(32).toString("base64url");
      const session = await createSession(db, request.tenant.id, userId, { csrfSecretHash: hashSecret(csrfSecret) });
      const maxAge = Math.floor(SESSION_TTL_MS / 1000);
      reply.setCookie(SESSION_COOKIE, session.token, serverCookieOptions(request, maxAge));
      reply.setCookie(CSRF_COOKIE, csrfSecret, serverCookieOptions(request));
      request.cookies[SESSION_COOKIE] = session.token;
      request.cookies[CSRF_COOKIE] = csrfSecret;
      const found = await lookupSession(db, request.tenant.id, session.token);
      if (found.status !== "ok") throw new Error("The new session could not be read back");
      request.viewer = found.viewer;
      return { csrfToken: issueCsrfToken(csrfSecret), viewer: found.viewer };
    },
    async end() {
      if (request.viewer?.sessionId) await destroySession(db, request.viewer.sessionId);
      else await destroySessionByToken(db, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, serverCookieOptions(request));
      // A fresh CSRF secret after sign-out, so a token seen while signed in is useless afterwards.
      reply.clearCookie(CSRF_COOKIE, serverCookieOptions(request));
      request.viewer = null;
    },
  };
}
