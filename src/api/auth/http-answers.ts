import type { FastifyReply, FastifyRequest } from "fastify";
import { isDangerousPath } from "../../common/route-guard";
import { isSameSitePath } from "../../common/url";
import { isAppError } from "../../core/errors/app-error";
import { sendAppError } from "../app-error-mapping";

/** True for classic HTML form posts (they get redirects, not JSON). */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
}

/**
 * Only same-origin paths are followed after sign-in (no //host, no backslash tricks, nothing the route guard would
 * send to /error); anything else lands on /hub. The answer is percent-encoded ASCII: it goes into a Location header,
 * where a raw "ü" or "検索" made Node throw ERR_INVALID_CHAR (a 500 after the session was already open).
 */
export function safeReferral(referral: unknown): string {
  if (typeof referral !== "string" || !isSameSitePath(referral)) return "/hub";
  // The URL parser encodes what a header cannot carry and resolves dot segments ("/a/../auth" is "/auth"), so the
  // checks below see the path the browser will request.
  let url: URL;
  try {
    url = new URL(referral, "http://portico.invalid");
  } catch {
    return "/hub";
  }
  if (url.origin !== "http://portico.invalid") return "/hub";
  const normalized = `${url.pathname}${url.search}${url.hash}`;
  if (normalized.length > 2048 || !/^[\x21-\x7e]+$/.test(normalized) || !isSameSitePath(normalized)) return "/hub";
  if (isDangerousPath(url.pathname)) return "/hub";
  // Never bounce back into the auth pages themselves.
  if (/^\/(auth|authentication)(\/|$)/.test(url.pathname)) return "/hub";
  return normalized;
}

export function bodyField(request: FastifyRequest, name: string): unknown {
  const body = request.body;
  if (body && typeof body === "object" && name in body) return (body as Record<string, unknown>)[name];
  return undefined;
}

/** Sends an AppError as JSON, or as a redirect back to `formPage` with ?error= for form posts; rethrows others. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, formPage: string) {
  if (!isAppError(error)) throw error;
  if (isFormPost(request)) {
    const url = new URL(formPage, "http://x");
    url.searchParams.set("error", error.code);
    const referral = bodyField(request, "referral");
    if (typeof referral === "string") url.searchParams.set("referral", safeReferral(referral));
    return reply.redirect(`${url.pathname}${url.search}`, 303);
  }
  return sendAppError(reply, error);
}
