import type { Locale } from "../common/locales";
import type { Config } from "../config";
import type { Viewer } from "../core/accounts/accounts.types";
import type { SpecImportServices } from "../core/api-specs/api-specs.types";
import type { Providers } from "../core/providers";
import type { TenantInfo } from "../core/tenants/tenants.types";
import type { Db } from "../db/connection";

// TenantInfo lives with the tenants domain; re-exported because server and web code import it from here.
export type { TenantInfo };

export type ThemeChoice = "light" | "dark" | null;

/**
 * Built by the Fastify server for every page request and handed to React Router loaders/actions as `context`.
 * Route modules get the database and the tenant only from here (never from module state), because the SSR bundle
 * is built separately from the server and must not open its own connections.
 */
// A type alias (not an interface) so it fits React Router's index-signature AppLoadContext.
export type RequestContext = {
  db: Db;
  /** Payments, storage, search, mail and clock, built once by the composition root (decision 070). */
  providers: Providers;
  config: Config;
  tenant: TenantInfo;
  /** Locale from the path prefix (or en-US); see src/web/i18n for cookie/browser detection at the root. */
  cookieLocale: Locale | null;
  acceptLanguage: string | null;
  /** Stored theme choice from the cookie; null means none stored (the client then applies system preference). */
  theme: ThemeChoice;
  cspNonce: string;
  csrfToken: string;
  /**
   * The signed-in user of this tenant (with sessionId), or null when signed out. Permissions for the top bar:
   * getAccessTree(db, tenant.id, viewer) from src/core/access/access.service.ts (menu flags included).
   */
  viewer: Viewer | null;
  /**
   * Spec imports: the web service's worker pool (parsing off the event loop) and the progress of running imports.
   * One per process, built by the server: the SSR bundle has its own copy of the modules, so never module state.
   */
  specImports: SpecImportServices;
};
