import { LOCALES } from "../../../common/locales";
import { DEFAULT_NAVIGATION_THEME } from "../../../common/tenant-config";
import { themeCssVariables } from "../../../common/theme/theme-tokens";
import type { Route } from "./+types/configs-resource";

/**
 * GET /configs (decision 122): the tenant's public client configuration as JSON: what an embedding site, a mobile
 * client or a theme check needs to look and behave like this marketplace (brand, images, theme, switches, flags,
 * languages, currency). Nothing private is in the tenant configuration's public part; custom strings are left out
 * (they are served merged into each page's catalog).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { tenant } = context;
  const c = tenant.config;
  const body = {
    tenant: tenant.id,
    brandName: c.brandName,
    logos: c.logos,
    favicon: c.favicon,
    theme: c.featureFlags.global_navigation_theming ? c.theme : DEFAULT_NAVIGATION_THEME,
    cssVariables: themeCssVariables(
      c.featureFlags.global_navigation_theming ? c : { ...c, theme: DEFAULT_NAVIGATION_THEME },
    ),
    colors: { accent: c.accentColor, error: c.errorColor, success: c.successColor },
    defaultCurrency: c.defaultCurrency,
    switches: c.switches,
    featureFlags: c.featureFlags,
    locales: LOCALES,
    signUp: { externalUrl: c.externalSignupUrl, oneTap: c.oneTap.enabled },
    consent: c.consent,
    socialLinks: c.socialLinks,
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      // Tenant settings apply at once (decision 120): a minute of caching at most.
      "cache-control": "public, max-age=60",
      vary: "x-tenant-id, cookie",
    },
  });
}
