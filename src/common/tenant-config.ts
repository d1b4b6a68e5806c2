import { z } from "zod";
import { LOCALES } from "./locales";

const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, "must be a hex colour like #0d93f2");

/** Spec section 3 "Navigation theme". Default: dark masthead, blue accent, font Public Sans. */
export const navigationThemeSchema = z.object({
  fontFamily: z.string().max(200).default("'Public Sans', system-ui, sans-serif"),
  backgroundColor: color.default("#0f172a"),
  linkColor: color.default("#cbd5e1"),
  linkHoverColor: color.default("#ffffff"),
  selectedLinkColor: color.default("#ffffff"),
  selectedLinkBottomLineColor: color.default("#0d93f2"),
  signUpBtnColor: color.default("#ffffff"),
  signUpBtnBgColor: color.default("#0d93f2"),
  logo: z
    .object({
      src: z.string().max(2048).nullable().default(null),
      width: z.number().int().min(1).max(120).nullable().default(null),
      height: z.number().int().min(1).max(60).nullable().default(null),
    })
    .default({ src: null, width: null, height: null }),
});

export const tenantSwitchesSchema = z.object({
  tutorials: z.boolean().default(true),
  discussions: z.boolean().default(true),
  apiHealthCheck: z.boolean().default(true),
  specsTab: z.boolean().default(true),
  hideApiScores: z.boolean().default(false),
  invoiceBilling: z.boolean().default(false),
  publicMode: z.boolean().default(true),
  spotlightVisibility: z.boolean().default(true),
});

/** Spec section 3 "Tenant configuration". */
export const tenantConfigSchema = z.object({
  brandName: z.string().min(1).max(80).default("Portico"),
  logos: z
    .object({
      light: z.string().max(2048).nullable().default(null),
      dark: z.string().max(2048).nullable().default(null),
    })
    .default({ light: null, dark: null }),
  /** The browser tab icon (a same-site path such as an upload, or an https URL); null: Portico's icon. */
  favicon: z.string().max(2048).nullable().default(null),
  /** Footer social links (spec "Layout"); a network without a URL is not shown. */
  socialLinks: z
    .object({
      github: z.string().max(2048).nullable().default(null),
      x: z.string().max(2048).nullable().default(null),
      linkedin: z.string().max(2048).nullable().default(null),
      youtube: z.string().max(2048).nullable().default(null),
    })
    .default({ github: null, x: null, linkedin: null, youtube: null }),
  theme: navigationThemeSchema.default(navigationThemeSchema.parse({})),
  accentColor: color.default("#0d93f2"),
  errorColor: color.default("#e8304f"),
  successColor: color.default("#20ac89"),
  defaultCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("USD"),
  switches: tenantSwitchesSchema.default(tenantSwitchesSchema.parse({})),
  featureFlags: z
    .object({
      newBuildExperience: z.boolean().default(true),
      pricing_app: z.boolean().default(true),
      global_navigation_theming: z.boolean().default(true),
      dark_mode: z.boolean().default(true),
      "new-hub-experience": z.boolean().default(false),
      unified_masthead: z.boolean().default(true),
      my_apis_approvals: z.boolean().default(false),
    })
    .default({
      newBuildExperience: true,
      pricing_app: true,
      global_navigation_theming: true,
      dark_mode: true,
      "new-hub-experience": false,
      unified_masthead: true,
      my_apis_approvals: false,
    }),
  freePlan: z
    .object({
      maxRequests: z.number().int().min(0).default(1000),
      rateLimitPerMinute: z.number().int().min(0).default(60),
    })
    .default({ maxRequests: 1000, rateLimitPerMinute: 60 }),
  spotlightFiles: z
    .object({
      allowedExtensions: z.array(z.string().regex(/^[a-z0-9]+$/)).default(["png", "jpg", "jpeg", "gif", "webp", "pdf"]),
      maxSizeMb: z.number().min(0.1).max(100).default(5),
    })
    .default({ allowedExtensions: ["png", "jpg", "jpeg", "gif", "webp", "pdf"], maxSizeMb: 5 }),
  externalSignupUrl: z.string().max(2048).nullable().default(null),
  consent: z
    .object({
      enabled: z.boolean().default(false),
      policyUrl: z.string().max(2048).nullable().default(null),
    })
    .default({ enabled: false, policyUrl: null }),
  oneTap: z
    .object({
      enabled: z.boolean().default(false),
      clientId: z.string().nullable().default(null),
      jwksUrl: z.string().nullable().default(null),
      issuer: z.string().nullable().default(null),
    })
    .default({ enabled: false, clientId: null, jwksUrl: null, issuer: null }),
  /** Request log retention (docs/decisions/090-analytics.md): raw calls older than this are deleted by the worker. */
  analytics: z
    .object({ retentionDays: z.number().int().min(1, "Keep logs at least 1 day").max(400).default(30) })
    .default({ retentionDays: 30 }),
  supportEmail: z.string().max(320).default("support@portico.example"),
  /** Custom strings per language, overriding the catalogs: { "de": { "hub.heroTitle": "..." } }. */
  strings: z.partialRecord(z.enum(LOCALES), z.record(z.string(), z.string().max(2000))).default({}),
});

export type TenantConfig = z.infer<typeof tenantConfigSchema>;

/** Spec section 3's default navigation theme (dark masthead, blue accent, Public Sans). */
export const DEFAULT_NAVIGATION_THEME: NavigationTheme = navigationThemeSchema.parse({});
export type NavigationTheme = z.infer<typeof navigationThemeSchema>;

/** Fills in every default; unknown keys are dropped. */
export function parseTenantConfig(input: unknown): TenantConfig {
  return tenantConfigSchema.parse(input ?? {});
}

export const DEFAULT_TENANT_ID = "1";
