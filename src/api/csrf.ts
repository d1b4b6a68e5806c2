import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../core/errors/app-error";
import { sendAppError } from "./app-error-mapping";
import { serverCookieOptions } from "./cookie-options";

export const CSRF_COOKIE = "portico_csrf";
export const CSRF_HEADER = "csrf-token";

/*
 * Double-submit with a keyed token: the HttpOnly cookie holds a random secret; the token handed to the page is
 * salt.HMAC(secret, salt). A cross-site page can neither read the cookie nor the token, so it cannot forge the header.
 */
function sign(secret: string, salt: string): string {
  return createHmac("sha256", secret).update(salt).digest("base64url");
}

export function issueCsrfToken(secret: string): string {
  const salt = randomBytes(12).toString("base64url");
  return `${salt}.${sign(secret, salt)}`;
}

export function verifyCsrfToken(secret: string | undefined, token: string | undefined): boolean {
  if (!secret || !token) return false;
  const [salt, mac] = token.split(".");
  if (!salt || !mac) return false;
  const expected = Buffer.from(sign(secret, salt));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Returns the request's CSRF secret, setting the cookie when the browser has none yet. */
export function ensureCsrfSecret(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const secret = randomBytes(32).toString("base64url");
  reply.setCookie(CSRF_COOKIE, secret, serverCookieOptions(request));
  // Later reads in this request see the new secret.
  request.cookies[CSRF_COOKIE] = secret;
  return secret;
}

/**
 * GET /gateway/csrf → { data: { csrfToken } } (spec section 7). When the browser still holds a session cookie that
 * no longer opens a session here (expired, signed out elsewhere, password changed, another tenant's), the answer is
 * 419 and the client logs out and goes to the hub (spec section 8) instead of carrying on half signed in.
 */
export function registerCsrfRoute(
  app: FastifyInstance,
  options: { hasStaleSession?: (request: FastifyRequest) => boolean } = {},
): void {
  app.get("/gateway/csrf", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (options.hasStaleSession?.(request)) {
      return sendAppError(reply, new AppError("CSRF", "Your session has ended. Sign in again."));
    }
    const secret = ensureCsrfSecret(request, reply);
    return { data: { csrfToken: issueCsrfToken(secret) } };
  });
}

/** True when the state-changing request carries a valid token for its cookie. */
export function hasValidCsrf(request: FastifyRequest): boolean {
  const header = request.headers[CSRF_HEADER];
  return verifyCsrfToken(request.cookies[CSRF_COOKIE], Array.isArray(header) ? header[0] : header);
}
