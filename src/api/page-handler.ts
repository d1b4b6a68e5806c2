import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { isLocale, type Locale } from "../common/locales";
import { isDangerousPath } from "../common/route-guard";
import { SHARED_PAGE_HEADER } from "../common/shared-page";
import type { Config } from "../config";
import type { SpecImportServices } from "../core/api-specs/api-specs.types";
import type { Providers } from "../core/providers";
import { onTenantConfigChange } from "../core/tenants/tenant-changes";
import type { Db } from "../db/connection";
import type { RequestContext, ThemeChoice } from "../server/request-context";
import { ensureCsrfSecret, issueCsrfToken } from "./csrf";
import { renderCachedPage, SharedPageCache, sharedPageKey, toCachedPage } from "./page-cache";

export const LOCALE_COOKIE = "portico_lang";
export const THEME_COOKIE = "portico_theme";

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : undefined,
    // Required by undici for streamed request bodies.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

function responseHeaders(response: Response): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie" && name !== SHARED_PAGE_HEADER) headers.push([name, value]);
  }
  return headers;
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of responseHeaders(response)) reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) {
    const existing = reply.getHeader("set-cookie");
    const previous = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    reply.header("set-cookie", [...previous, ...cookies]);
  }
  if (!response.body) {
    await reply.send();
    return;
  }
  await reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>));
}

function themeFrom(value: string | undefined): ThemeChoice {
  return value === "dark" || value === "light" ? value : null;
}

/**
 * Serves every page through the React Router build. Registered in its own plugin scope so that form posts reach
 * the route actions as raw streams instead of being parsed by Fastify.
 */
export async function registerPageHandler(
  app: FastifyInstance,
  deps: { build: ServerBuild; db: Db; config: Config; providers: Providers; specImports: SpecImportServices },
): Promise<void> {
  const handle = createRequestHandler(
    deps.build,
    deps.config.NODE_ENV === "development" ? "development" : "production",
  );
  // Decision 161: pages the same for every signed-out visitor, kept a few seconds; a configuration save drops them.
  const pages = new SharedPageCache();
  const stop = onTenantConfigChange((tenantId) => pages.dropTenant(tenantId));
  app.addHook("onClose", async () => stop());
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.all("/*", async (request, reply) => {
      const path = request.url.split("?")[0] ?? "/";
      if (path !== "/error" && isDangerousPath(path)) {
        // A client-side navigation fetches "<path>.data" and follows only React Router's own redirect form; a plain
        // 302 would hand it the /error HTML to decode, so the browser showed a broken page instead of /error.
        if (path.endsWith(".data")) {
          return reply.code(204).header("X-Remix-Redirect", "/error").header("X-Remix-Status", "302").send();
        }
        return reply.redirect("/error", 302);
      }
      const secret = ensureCsrfSecret(request, reply);
      const csrfToken = issueCsrfToken(secret);
      const sharedKey = sharedPageKey(request, request.tenant.id);
      const cached = sharedKey === null ? null : pages.get(sharedKey, Date.now());
      if (cached) {
        reply.status(cached.status);
        for (const [name, value] of cached.headers) reply.header(name, value);
        return reply.send(renderCachedPage(cached, { nonce: request.cspNonce, csrfToken }));
      }
      const cookieLocale = request.cookies[LOCALE_COOKIE];
      const context: RequestContext = {
        db: deps.db,
        providers: deps.providers,
        config: deps.config,
        tenant: request.tenant,
        cookieLocale: cookieLocale && isLocale(cookieLocale) ? (cookieLocale as Locale) : null,
        acceptLanguage: request.headers["accept-language"] ?? null,
        theme: themeFrom(request.cookies[THEME_COOKIE]),
        cspNonce: request.cspNonce,
        csrfToken,
        viewer: request.viewer ?? null,
        specImports: deps.specImports,
      };
      const response = await handle(toWebRequest(request, reply), context);
      if (
        sharedKey !== null &&
        response.status === 200 &&
        response.headers.get(SHARED_PAGE_HEADER) === "anonymous" &&
        response.headers.getSetCookie().length === 0
      ) {
        const html = await response.text();
        const page = toCachedPage(
          html,
          { nonce: request.cspNonce, csrfToken },
          { tenantId: request.tenant.id, status: 200, headers: responseHeaders(response), now: Date.now() },
        );
        if (page) pages.set(sharedKey, page);
        reply.status(200);
        for (const [name, value] of responseHeaders(response)) reply.header(name, value);
        return reply.send(html);
      }
      await sendWebResponse(reply, response);
    });
  });
}
