import { data } from "react-router";
import type { Viewer } from "../../core/accounts/accounts.types";
import { isOperator } from "../../core/tenants/tenant-operator";
import type { RequestContext } from "../../server/request-context";
import { requireAdmin } from "./route-guards.server";

/*
 * Named route middleware (spec sections 4 and 8, decision 122): a screen lists the guards it needs by name and the
 * loader runs them in order. A name nobody registered fails closed with 500 'Unknown middleware {name}' instead of
 * letting the page render unguarded.
 */

interface MiddlewareArgs {
  context: RequestContext;
  request: Request;
  lang: string | undefined;
}

type Middleware = (args: MiddlewareArgs) => Viewer | null;

const MIDDLEWARE: Record<string, Middleware> = {
  /** ADMIN_PANEL_ACCESS (spec section 6): signed-out → sign in, others → 403. */
  admin: ({ context, request, lang }) => requireAdmin(context, request, lang),
  /** The operator tenant's administrators (decision 121); anyone else sees no such page. */
  operator: ({ context, request, lang }) => {
    const viewer = requireAdmin(context, request, lang);
    if (!isOperator(viewer, context.tenant.id)) throw data({ reason: "not-found" }, { status: 404 });
    return viewer;
  },
};

export const UNKNOWN_MIDDLEWARE = "Unknown middleware {name}";

/** Runs the named middleware in order; returns the viewer the last one established (null when none did). */
export function runMiddleware(names: readonly string[], args: MiddlewareArgs): Viewer | null {
  let viewer: Viewer | null = null;
  for (const name of names) {
    const middleware = Object.hasOwn(MIDDLEWARE, name) ? MIDDLEWARE[name] : undefined;
    if (!middleware) {
      throw data({ message: UNKNOWN_MIDDLEWARE.replace("{name}", name), show: true }, { status: 500 });
    }
    viewer = middleware(args) ?? viewer;
  }
  return viewer;
}

/** The middleware's viewer, for screens whose list guarantees one. */
export function requireMiddlewareViewer(names: readonly string[], args: MiddlewareArgs): Viewer {
  const viewer = runMiddleware(names, args);
  if (!viewer) throw data({ message: "No middleware established a viewer", show: false }, { status: 500 });
  return viewer;
}
