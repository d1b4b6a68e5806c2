import { type AppLoadContext, data } from "react-router";
import { getAccessTree } from "../../core/access/access.service";
import { stripLocale } from "../../core/access/page-access";
import { canEditApi } from "../../core/access/private-apis.service";
import type { Viewer } from "../../core/accounts/accounts.types";
import type { ApiDetail } from "../../core/catalog/catalog.types";
import { loadApiOr404 } from "./api-detail.server";
import { notFound } from "./http-errors";
import { localizedRedirect } from "./localized-redirect.server";
import { studioBase } from "./studio.server";

/*
 * The route guards of the web, in one place. The locale layout's guard (core/access/page-access) already covers
 * navigation; loaders and actions run in parallel with it and answer direct requests, so each checks again here.
 * Authorization itself stays in core: these only call its checks and turn the answer into a redirect or a 404.
 */

type ApiParams = { lang?: string; username?: string; slug?: string };

/** The signed-in viewer of this tenant, or null (a session of another tenant counts as signed out). */
export function viewerOf(context: AppLoadContext): Viewer | null {
  const { viewer, tenant } = context;
  return viewer && viewer.tenantId === tenant.id ? viewer : null;
}

/** Spec section 2: a signed-out visitor goes to /auth?referral={full path}, under the request's language prefix. */
export function signInRedirect(request: Request, lang: string | undefined): never {
  const url = new URL(request.url);
  throw localizedRedirect(`/auth?referral=${encodeURIComponent(url.pathname + url.search)}`, lang);
}

/** The signed-in viewer; signed-out visitors are sent to sign in and come back to this page afterwards. */
export function requireViewer(context: AppLoadContext, request: Request, lang: string | undefined): Viewer {
  const viewer = viewerOf(context);
  if (!viewer) signInRedirect(request, lang);
  return viewer;
}

/** The /admin viewer: signed in, and ADMIN_PANEL_ACCESS (else 403); core checks each admin operation again. */
export function requireAdmin(context: AppLoadContext, request: Request, lang: string | undefined): Viewer {
  const viewer = requireViewer(context, request, lang);
  if (!viewer.isAdmin) throw data({ reason: "forbidden" }, { status: 403 });
  return viewer;
}

/**
 * The API and viewer of an API editing route (Manage tab, plans, spotlights, tutorial editor). Anyone who may not
 * edit it (core's canEditApi: the owner, or a context tree that holds the owner) gets the same 404 as a missing page.
 * `signedOut: "sign-in"` sends signed-out visitors to sign in first (the plan manager); by default they get the 404
 * too, so the page's existence is not revealed.
 */
export async function requireEditor(
  context: AppLoadContext,
  request: Request,
  params: ApiParams,
  options: { signedOut?: "not-found" | "sign-in" } = {},
): Promise<{ viewer: Viewer; api: ApiDetail }> {
  const viewer = viewerOf(context);
  if (!viewer && options.signedOut === "sign-in") signInRedirect(request, params.lang);
  const api = await loadApiOr404(context, params);
  if (!viewer || !(await canEditApi({ db: context.db, tenantId: context.tenant.id, viewer }, api.id))) notFound();
  return { viewer, api };
}

/**
 * The studio's guard, run by every studio loader and action: signed-out users sign in first; the inactive one of
 * /studio and /provider redirects to the active one; users without the My APIs permission (spec section 6) get 403.
 */
export async function requireStudio(
  context: AppLoadContext,
  request: Request,
  lang: string | undefined,
): Promise<{ viewer: Viewer; base: "/studio" | "/provider" }> {
  const viewer = requireViewer(context, request, lang);
  const url = new URL(request.url);
  const base = studioBase(context);
  const path = stripLocale(url.pathname);
  if (!path.startsWith(base)) {
    throw localizedRedirect(`${base}${path.replace(/^\/(studio|provider)/, "")}${url.search}`, lang);
  }
  const tree = await getAccessTree({ db: context.db, tenantId: context.tenant.id, viewer });
  if (!tree.menu.myApis) throw data({ reason: "forbidden" }, { status: 403 });
  return { viewer, base };
}
