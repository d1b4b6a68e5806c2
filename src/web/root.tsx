import fontUrl from "@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2?url";
import { type CSSProperties, type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { DEFAULT_LOCALE, directionOf, isPrefixedLocale, type Locale } from "../common/locales";
import { DEFAULT_NAVIGATION_THEME } from "../common/tenant-config";
import { themeCssVariables } from "../common/theme/theme-tokens";
import { isValidHttpUrl } from "../common/url";
import { countUnreadNotifications } from "../core/notifications/notifications.service";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { BreadcrumbJsonLd, BreadcrumbTrail, useBreadcrumbs } from "./components/breadcrumb-trail";
import { CookieConsent } from "./components/cookie-consent";
import { OneTapSignIn } from "./components/one-tap-sign-in";
import { ProgressBar } from "./components/progress-bar";
import { SiteFooter } from "./components/site-footer";
import { SocialProvider } from "./components/social-state";
import { TopBar } from "./components/top-bar";
import { VisitorPageScript } from "./components/visitor-page-script";
import { catalogFile } from "./i18n/catalog-file.server";
import { catalogAt, loadCatalog } from "./i18n/catalog-store";
import { I18nProvider } from "./i18n/i18n-provider";
import { useTranslation } from "./i18n/use-translation";
import "./load-context";
// Bundled on its own by Vite (a classic worker script with a content hash): decision 165.
import intlWarmupUrl from "./intl-warmup.worker.ts?worker&url";
import { APP_AFTER_PAINT_SCRIPT } from "./lib/app-after-paint-script";
import { installChunkReloadGuard } from "./lib/chunk-reload";
import { primeConsentRequirement, readConsent } from "./lib/consent";
import { primeCsrfToken } from "./lib/graphql-client";
import { pageMeta } from "./lib/meta";
import { THEME_BOOT_SCRIPT } from "./lib/preferences";
import { loadSessionData } from "./lib/session-data.server";
import { SLASH_SEARCH_SCRIPT } from "./lib/slash-search";
import { isStaticVisitorPage, StaticDocumentContext } from "./lib/static-visitor-page";

// An inline icon: no extra request (and /favicon.ico is not a page).
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0d93f2"/><path d="M11 24V8h6.5a5 5 0 0 1 0 10H11" fill="none" stroke="#fff" stroke-width="3.2" stroke-linejoin="round"/></svg>',
  );

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: appCss },
];

/** Outside links (social networks) only when they are http(s) URLs. */
function httpUrl(value: string | null): string | null {
  return value && isValidHttpUrl(value) ? value : null;
}

/** Only same-site paths and http(s) URLs become logo sources. */
function imageSrc(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  return isValidHttpUrl(value) ? value : null;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const lang = params.lang;
  const locale: Locale = lang !== undefined && isPrefixedLocale(lang) ? lang : DEFAULT_LOCALE;
  const config = context.tenant.config;
  const custom = imageSrc(config.theme.logo.src);
  const [session, notificationsUnread] = await Promise.all([
    loadSessionData(context),
    countUnreadNotifications({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }),
  ]);
  return {
    locale,
    // Only the active language's catalog (with en-US fallbacks and tenant strings merged in) reaches the browser, as a
    // file of its own that the browser caches (decision 161), not inside every page.
    catalog: catalogFile(locale, config.strings).href,
    nonce: context.cspNonce,
    // The dark_mode feature flag (spec section 4) off: light only, no toggle, stored choices ignored.
    darkMode: config.featureFlags.dark_mode,
    theme: config.featureFlags.dark_mode ? context.theme : ("light" as const),
    brand: config.brandName,
    // Spec section 4: with global_navigation_theming off the navigation uses the default theme, not the tenant's.
    themeVars: themeCssVariables(
      config.featureFlags.global_navigation_theming ? config : { ...config, theme: DEFAULT_NAVIGATION_THEME },
    ),
    favicon: imageSrc(config.favicon),
    socialLinks: {
      github: httpUrl(config.socialLinks.github),
      x: httpUrl(config.socialLinks.x),
      linkedin: httpUrl(config.socialLinks.linkedin),
      youtube: httpUrl(config.socialLinks.youtube),
    },
    logo: {
      light: custom ?? imageSrc(config.logos.light) ?? imageSrc(config.logos.dark),
      dark: custom ? null : imageSrc(config.logos.dark),
      width: config.theme.logo.width,
      height: config.theme.logo.height,
    },
    consentEnabled: config.consent.enabled,
    /** The visitor's stored cookie choice, so the server renders the banner only when it is still needed. */
    consentChoice: readConsent(request.headers.get("cookie")),
    consentPolicyHref: imageSrc(config.consent.policyUrl) ?? "/page/privacy",
    studioPath: config.featureFlags.newBuildExperience ? "/studio" : "/provider",
    /** Spec "Layout": the unified masthead replaces the bar for signed-in users when the flag is on. */
    unifiedMasthead: config.featureFlags.unified_masthead,
    /** Signed-in user, menu flags, contexts, followed and saved API ids; null when signed out. */
    session,
    /** The notifications tray's badge: the user's unread notifications (0 when signed out). */
    notificationsUnread,
    /** For GraphQL and auth calls (spec section 7: loaded once and reused). */
    csrfToken: context.csrfToken,
    publicMode: config.switches.publicMode,
    /** Spec section 2: the external sign-up address is used only when it is a valid URL. */
    externalSignupUrl:
      config.externalSignupUrl && isValidHttpUrl(config.externalSignupUrl) ? config.externalSignupUrl : null,
    /** Spec "Layout": one-tap sign-in shows for signed-out visitors only, and only when enabled. */
    oneTapClientId: !session && config.oneTap.enabled && config.oneTap.clientId ? config.oneTap.clientId : null,
    origin: new URL(request.url).origin,
    year: new Date().getUTCFullYear(),
  };
}

/** A language change (or new tenant strings) renders only once the browser has that catalog (decision 161). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalog(data.catalog);
  return data;
}

/** The catalog and tenant data change only with the language (or after a form post such as signing in). */
export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.lang !== nextParams.lang) return true;
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return false;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { key: "meta.homeTitle" }, { key: "meta.homeDescription" });

/**
 * Whether this document goes out without React (decision 162): a signed-out visitor on a route that asks for it, and
 * nothing on the page that only the React app provides (one-tap sign-in).
 */
function useStaticVisitorPage(): boolean {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  if (!data) return false;
  const needsApp = data.session !== null || data.oneTapClientId !== null;
  return isStaticVisitorPage(matches, needsApp, typeof document === "undefined");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const resources = data ? catalogAt(data.catalog) : undefined;
  const staticPage = useStaticVisitorPage();
  return (
    <html
      lang={locale}
      dir={directionOf(locale)}
      className={data?.theme === "dark" ? "dark" : undefined}
      style={data?.themeVars as CSSProperties | undefined}
      // Without a theme cookie the boot script may add "dark" before React hydrates.
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={data?.favicon ?? FAVICON} type={data?.favicon ? undefined : "image/svg+xml"} />
        {data && data.theme === null && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, carries the CSP nonce.
          <script nonce={data.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        )}
        {data && (
          <script
            nonce={data.nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, carries the CSP nonce.
            dangerouslySetInnerHTML={{ __html: SLASH_SEARCH_SCRIPT }}
          />
        )}
        {data && !staticPage && (
          // entry.client.tsx fetches this catalog before hydrating. Its preload starts beside the app's scripts, after
          // the first paint like them (decision 165): the after-paint script makes the link from this. (A <link>
          // without rel cannot be hydrated by React, and one with rel would fetch at once.)
          <meta name="i18n-catalog" content={data.catalog} />
        )}
        <Meta />
        <Links />
      </head>
      <body>
        {data && resources ? (
          <I18nProvider locale={data.locale} resources={resources}>
            <StaticDocumentContext.Provider value={staticPage}>{children}</StaticDocumentContext.Provider>
            {staticPage && (
              <VisitorPageScript
                locale={data.locale}
                nonce={data.nonce}
                csrfToken={data.csrfToken}
                consentRequired={data.consentEnabled}
              />
            )}
          </I18nProvider>
        ) : (
          children
        )}
        {/* A page served without React has no app scripts and no loader data in it (decision 162). */}
        {!staticPage && <ScrollRestoration nonce={data?.nonce} />}
        {!staticPage && <Scripts nonce={data?.nonce} />}
        {!staticPage && (
          <script
            nonce={data?.nonce}
            data-intl-warmup={intlWarmupUrl}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, carries the CSP nonce.
            dangerouslySetInnerHTML={{ __html: APP_AFTER_PAINT_SCRIPT }}
          />
        )}
      </body>
    </html>
  );
}

function AppShell(props: { children: ReactNode }) {
  const crumbs = useBreadcrumbs();
  const data = useRouteLoaderData<typeof loader>("root");
  // Module state, set during render so the first client call already has the server's token.
  primeCsrfToken(data?.csrfToken);
  primeConsentRequirement(data?.consentEnabled ?? false);
  useHydrationMarker();
  const staticPage = useStaticVisitorPage();
  return (
    <SocialProvider session={data?.session ?? null}>
      <SkipLink />
      <ProgressBar />
      <TopBar />
      <main id="main-content" tabIndex={-1} className="min-h-[60vh] pt-topbar outline-none">
        {/* Where the reader looks first (issue 18, decision 141); a lone "Home" on the hub says nothing. */}
        {crumbs.length > 1 && (
          <div className="mx-auto max-w-[1320px] px-4 pt-3 sm:px-6">
            <BreadcrumbTrail crumbs={crumbs} />
          </div>
        )}
        {props.children}
      </main>
      <SiteFooter />
      <BreadcrumbJsonLd crumbs={crumbs} />
      {data && (
        <CookieConsent
          required={data.consentEnabled}
          initialChoice={data.consentChoice}
          policyHref={data.consentPolicyHref}
          brand={data.brand}
          staticPage={staticPage}
        />
      )}
      {data?.oneTapClientId && <OneTapSignIn clientId={data.oneTapClientId} nonce={data.nonce} />}
    </SocialProvider>
  );
}

/**
 * Marks <html data-hydrated> once React owns the page: until then buttons are inert server HTML, so browser tests
 * (and anything else automating the page) wait for this before clicking controls that need JavaScript.
 */
function useHydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // A button clicked before the app loaded is clicked now that it works (decision 165's click replay).
    const replay = window.setTimeout(() => window.__porticoReplayClick?.(), 0);
    return () => window.clearTimeout(replay);
  }, []);
  // Spec sections 4 and 9: a chunk that fails to load reloads the page, at most once per 60 s.
  useEffect(() => installChunkReloadGuard(window), []);
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main-content"
      className="fixed start-3 top-3 z-[60] -translate-y-24 rounded-lg bg-accent-fill px-4 py-2 font-semibold text-white shadow-lg transition focus:translate-y-0"
    >
      {t("common.skipToContent")}
    </a>
  );
}

export default function App() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

/**
 * Last resort, when the shell itself fails: no translations may be available here, so the texts are the en-US ones
 * (page errors are handled by the locale layout's boundary inside the shell).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 data-testid="error-message" className="text-3xl font-bold">
        {notFound ? "This page could not be found" : "An error occurred"}
      </h1>
      <a href="/" className="mt-8 rounded-lg bg-[#0d93f2] px-5 py-2.5 font-semibold text-white">
        Go to the home page
      </a>
    </main>
  );
}
