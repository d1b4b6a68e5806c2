import type { FastifyReply, FastifyRequest } from "fastify";
import { isDangerousPath } from "../../common/route-guard";
import { type AppError, isAppError } from "../../core/errors/app-error";

/** JSON error body of the auth and access-control routes: { error: { code, message, fields? } }. */
export function errorBody(error: AppError) {
  const fields = error.details?.fields;
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(fields && typeof fields === "object" ? { fields } : {}),
      ...(typeof error.details?.retryAfterSeconds === "number"
        ? { retryAfterSeconds: error.details.retryAfterSeconds }
        : {}),
    },
  };
}

/** True for classic HTML form posts (they get redirects, not JSON). */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
}

/**
 * Only same-origin paths are followed after sign-in (no //host, no backslash tricks, nothing the route guard would
 * send to /error); anything else lands on /hub.
 */
export function safeReferral(referral: unknown): string {
  if (typeof referral !== "string" || referral.length === 0 || referral.length > 2048) return "/hub";
  if (!referral.startsWith("/") || referral.startsWith("//") || referral.includes("\\")) return "/hub";
  // Control characters (CR/LF/TAB ...) never belong in a redirect target.
  if ([...referral].some((c) => c.charCodeAt(0) < 0x20)) return "/hub";
  const path = referral.split(/[?#]/)[0] ?? "/";
  if (isDangerousPath(path)) return "/hub";
  // Never bounce back into the auth pages themselves.
  if (/^\/(auth|authentication)(\/|$)/.test(path)) return "/hub";
  return referral;
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
  if (typeof error.details?.retryAfterSeconds === "number")
    reply.header("Retry-After", String(error.details.retryAfterSeconds));
  return reply.code(error.status).type("application/json").send(errorBody(error));
}
