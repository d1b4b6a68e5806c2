import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TrustProxy } from "../config";

declare module "fastify" {
  interface FastifyInstance {
    /** Set by registerCookiePolicy: every cookie is Secure when the public URL is https. */
    cookiesAlwaysSecure?: boolean;
  }
}

/**
 * The web service's cookie rules in one place (session, CSRF, tenant). All are HttpOnly, SameSite=Lax and site-wide;
 * they are Secure when the browser talks https to us: the request came over https (directly, or through a proxy
 * trusted with TRUST_PROXY, which makes request.protocol follow X-Forwarded-Proto), or PUBLIC_URL is https. The
 * second covers a TLS-terminating proxy that is not declared trusted: the request arrives as http, yet the browser is
 * on https, and a cookie without Secure would also be sent over plain http to the same host.
 */
export function registerCookiePolicy(app: FastifyInstance, options: { publicUrl: string }): void {
  app.decorate("cookiesAlwaysSecure", options.publicUrl.startsWith("https:"));
}

export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === "https" || request.server.cookiesAlwaysSecure === true;
}

/** Options for a cookie the server sets; `maxAgeSeconds` absent means a browser-session cookie. */
export function serverCookieOptions(request: FastifyRequest, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** Fastify's trustProxy option for TRUST_PROXY (its types take no hop count, so hops become a function). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "boolean" || Array.isArray(trust)) return trust;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}
