import type { Locale } from "../../common/locales";
import type { Viewer } from "../../core/accounts/accounts.types";
import type { SpecImportServices } from "../../core/api-specs/api-specs.types";
import type { Providers } from "../../core/providers";
import type { Db } from "../../db/connection";
import type { TenantInfo } from "../../server/request-context";
import type { SessionControl } from "../session";

/** What every resolver gets; resolvers stay thin and call src/core with (db, tenant.id, ...). */
export interface GraphQLContext {
  db: Db;
  /** Payments, storage, search, mail and clock, built once by the composition root (decision 070). */
  providers: Providers;
  tenant: TenantInfo;
  csrfValid: boolean;
  /** The signed-in user of this tenant (src/api/session.ts), or null. */
  viewer: Viewer | null;
  /** Opens/closes the browser session (signIn, signUp, signOut, resetPassword). */
  session: SessionControl;
  /** The client's address (socket peer, or X-Forwarded-For from a TRUST_PROXY proxy): per-IP limits. */
  clientIp: string;
  /** The web service's configured public base URL (links in e-mails; never the Host header). */
  publicUrl: string;
  /** Sign-up attempts allowed per client IP per hour (config SIGN_UP_MAX_PER_IP_PER_HOUR). */
  signUpsPerIpPerHour: number;
  /** Spec imports' worker pool and the progress of running imports. */
  specImports: SpecImportServices;
  /** The request's language: the language cookie, else Accept-Language, else en-US (catalog names, decision 130). */
  locale: Locale;
}
