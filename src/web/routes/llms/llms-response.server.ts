import type { AppLoadContext as RequestContext } from "react-router";
import { publicBaseUrl } from "../../../config";
import type { LlmsUrls } from "../../../core/llms/llms.service";
import { gatewayPublicBase } from "../../lib/try-it-gateway.server";

/** The viewer of this tenant, when signed in (llms.txt follows the web UI's visibility rules). */
export function llmsViewer(context: RequestContext) {
  return context.viewer && context.viewer.tenantId === context.tenant.id ? context.viewer : null;
}

/** Public mode off: the catalog is for signed-in users only, as in the web UI. */
export function llmsClosed(context: RequestContext): boolean {
  return !context.tenant.config.switches.publicMode && llmsViewer(context) === null;
}

export function llmsUrls(context: RequestContext, request: Request): LlmsUrls {
  const siteUrl = context.config.PUBLIC_URL ? publicBaseUrl(context.config) : new URL(request.url).origin;
  return { siteUrl, gatewayUrl: gatewayPublicBase(context.config) };
}

export function textAnswer(text: string, contentType: string, isPrivate: boolean): Response {
  return new Response(text, {
    headers: {
      "content-type": `${contentType}; charset=utf-8`,
      "x-content-type-options": "nosniff",
      // What a signed-in reader sees may include private APIs: never in a shared cache.
      "cache-control": isPrivate ? "private, no-store" : "public, max-age=300",
      vary: "Cookie",
    },
  });
}

export function notFoundText(): Response {
  return new Response("This page could not be found", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
