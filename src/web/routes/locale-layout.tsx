import {
  data,
  isRouteErrorResponse,
  Outlet,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
} from "react-router";
import { formatMessage } from "../../common/i18n/build-resources";
import { localizePath } from "../../common/i18n/locale-path";
import { isPrefixedLocale } from "../../common/locales";
import { pageAccess } from "../../core/access/page-access";
import { resolveEntityPath } from "../../core/catalog/entity-paths.service";
import { ErrorView } from "../components/error-view";
import { useTranslation } from "../i18n/use-translation";
import { notFound, requireUsername } from "../lib/http-errors";
import { pageMeta, rootMetaData } from "../lib/meta";
import { viewerOf } from "../lib/route-guards.server";
import type { Route } from "./+types/locale-layout";

/**
 * Validates the optional language prefix ("/xx/..." with an unknown xx is a 404) and guards every screen (spec
 * section 2, decision 020): signed-out visitors of personal screens, or of any screen when the tenant's public mode
 * is off, go to /auth?referral={full path}; /admin without ADMIN_PANEL_ACCESS is 403. It runs before the child
 * loaders' answers count, so the guard also covers paths that end in the 404 route.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const unknownPrefix = params.lang !== undefined && !isPrefixedLocale(params.lang);
  // A first segment that is no language cannot be a page of this layout, except through the "/{entity}/{name}"
  // catch-all (React Router ranks "/:lang" and "/:lang/:entity" above it); the guard below still applies to it.
  if (unknownPrefix && url.pathname.split("/").filter(Boolean).length > 2) notFound();
  const viewer = viewerOf(context);
  const access = pageAccess({
    pathname: url.pathname,
    search: url.search,
    publicMode: context.tenant.config.switches.publicMode,
    signedIn: viewer !== null,
    isAdmin: viewer?.isAdmin ?? false,
  });
  if (access.kind === "sign-in") {
    throw redirect(
      params.lang && isPrefixedLocale(params.lang) ? localizePath(access.location, params.lang) : access.location,
    );
  }
  if (access.kind === "forbidden") throw data({ reason: "forbidden" }, { status: 403 });
  if (unknownPrefix) {
    const [entity = "", name] = url.pathname.split("/").filter(Boolean).map(safeDecode);
    const target = await resolveEntityPath(
      context.db,
      context.tenant.id,
      requireUsername(entity),
      name ?? null,
      viewer,
    );
    if (!target) notFound();
    throw redirect(target);
  }
  return { lang: params.lang ?? null };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/** The guard depends on the path, so it runs on every navigation (it is cheap: no database work). */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.lang !== nextParams.lang) return true;
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search) return true;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, error }) => {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { resources } = rootMetaData(matches);
  const message = formatMessage(resources, status === 404 ? "error.pageNotFound" : "error.anErrorOccurred");
  return [...pageMeta(matches, { key: "meta.errorTitle", vars: { message } }), { name: "robots", content: "noindex" }];
};

export default function LocaleLayout() {
  return <Outlet />;
}

/**
 * Page errors render here, inside the shell: 404 → 'This page could not be found' (HTTP 404 from the thrown
 * response); other responses show their message only when flagged `show`; anything else 'An error occurred'.
 */
export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ErrorView status={404} message={t("error.notFoundMessage")} />;
    const payload = error.data as { show?: unknown; message?: unknown } | null;
    const detail = payload?.show === true && typeof payload.message === "string" ? payload.message : null;
    return <ErrorView status={error.status} message={t("error.anErrorOccurred")} detail={detail} />;
  }
  return <ErrorView status={500} message={t("error.anErrorOccurred")} />;
}
