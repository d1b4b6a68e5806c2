import type { FastifyInstance, FastifyRequest } from "fastify";
import { DEFAULT_TENANT_ID } from "../common/tenant-config";
import { VERIFY_PAGE_PATH } from "../core/accounts/email-verification.service";
import { RESET_PAGE_PATH, RESET_TENANT_PARAM } from "../core/accounts/password-reset.service";
import { AppError } from "../core/errors/app-error";
import { getTenant } from "../core/tenants/tenants.service";
import type { Db } from "../db/connection";
import type { TenantInfo } from "../server/request-context";
import { sendAppError } from "./app-error-mapping";
import { serverCookieOptions } from "./cookie-options";

export const TENANT_HEADER = "x-tenant-id";
export const TENANT_COOKIE = "portico_tenant";
const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CACHE_MS = 5_000;
const TENANT_FREE = /^\/(healthz|metrics|assets\/|favicon\.ico)/;

declare module "fastify" {
  interface FastifyRequest {
    tenant: TenantInfo;
  }
}

/**
 * Spec section 3: the tenant is chosen by a tenant id header. Browsers cannot add headers to navigations, so a
 * document request that names a tenant also sets a cookie that later requests (client-side data loads) fall back to.
 * Unknown ids get 404 and never another tenant's data.
 */
export function registerTenantResolver(app: FastifyInstance, db: Db): void {
  const cache = new Map<string, { tenant: TenantInfo | null; at: number }>();

  async function lookup(id: string): Promise<TenantInfo | null> {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.tenant;
    const tenant = await getTenant(db, id);
    cache.set(id, { tenant, at: Date.now() });
    return tenant;
  }

  app.decorateRequest("tenant", null as unknown as TenantInfo);
  app.addHook("onRequest", async (request, reply) => {
    // Operational and static routes are not tenant-scoped.
    if (TENANT_FREE.test(request.url)) return;
    const named = headerValue(request) ?? resetLinkTenant(request);
    const id = named ?? request.cookies[TENANT_COOKIE] ?? DEFAULT_TENANT_ID;
    if (!TENANT_ID.test(id)) {
      return sendAppError(reply, new AppError("BAD_REQUEST", "Invalid tenant id"));
    }
    const tenant = await lookup(id);
    if (!tenant) {
      return sendAppError(reply, new AppError("NOT_FOUND", `Unknown tenant '${id}'`));
    }
    request.tenant = tenant;
    if (named && request.cookies[TENANT_COOKIE] !== named) {
      reply.setCookie(TENANT_COOKIE, named, serverCookieOptions(request));
    }
  });
}

/**
 * A page that mailed links open, under any language prefix ("/auth/reset-password", "/de/auth/verify-email"): the
 * reset-password page and the e-mail confirmation page (decision 022).
 */
const RESET_PAGE = new RegExp(`^(?:/[A-Za-z]{2}(?:-[A-Za-z]{2,4})?)?(?:${RESET_PAGE_PATH}|${VERIFY_PAGE_PATH})/?$`);

/**
 * Reset and confirmation e-mails name the account's tenant in the link (a browser opening it may have no tenant
 * cookie, or another tenant's). Only those pages' GET honours it, like the header: it sets the cookie the form's POST
 * then uses.
 */
function resetLinkTenant(request: FastifyRequest): string | undefined {
  if (request.method !== "GET") return undefined;
  const url = new URL(request.url, "http://local");
  if (!RESET_PAGE.test(url.pathname)) return undefined;
  return url.searchParams.get(RESET_TENANT_PARAM)?.trim() || undefined;
}

function headerValue(request: FastifyRequest): string | undefined {
  const value = request.headers[TENANT_HEADER];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}
