import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes carry the tenant's theme variables; no inline script is allowed.
    "style-src 'self' 'unsafe-inline'",
    // API logos come from the providers' own sites.
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** CSP with a per-request nonce, nosniff, frame-ancestors, referrer policy and friends on every response. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (request, reply) => {
    // base64url: no character of it is escaped in HTML attributes or JSON, so the shared page cache (decision 161)
    // finds every copy of the nonce in rendered markup and replaces it with the next response's.
    request.cspNonce = randomBytes(16).toString("base64url");
    reply.header("Content-Security-Policy", contentSecurityPolicy(request.cspNonce));
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  });
}
