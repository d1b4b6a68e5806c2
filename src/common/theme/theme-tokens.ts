import type { TenantConfig } from "../tenant-config";

/** Spec section 9 colours: the defaults every tenant starts from. */
export const BRAND_COLORS = { accent: "#0d93f2", error: "#e8304f", success: "#20ac89" } as const;

/** Spec section 9 breakpoints (px); Tailwind's sm/md/lg/xl are bound to these in app.css. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

/** Spec sections 2 and 9: the top bar is 64px high and pages start 64px down. */
export const TOP_BAR_HEIGHT_PX = 64;

/** Spec section 9: logo at most 120x60; the fallback image is 28px high. */
export const LOGO_MAX = { width: 120, height: 60, fallbackHeight: 28 } as const;

/** Spec section 9 loading bar. */
export const PROGRESS_BAR = { heightPx: 2, throttleMs: 200, durationMs: 5000, hideAfterMs: 500 } as const;

/** Masthead colours used in dark mode when the tenant's masthead is light (a white bar would glare). */
const DARK_MASTHEAD = {
  backgroundColor: "#0b1220",
  linkColor: "#cbd5e1",
  linkHoverColor: "#ffffff",
  selectedLinkColor: "#ffffff",
} as const;

const FALLBACK_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

type ThemeInput = Pick<TenantConfig, "theme" | "accentColor" | "errorColor" | "successColor">;

/** Relative luminance (WCAG) of a #rgb / #rrggbb / #rrggbbaa colour; alpha is ignored. */
export function luminance(hex: string): number {
  let h = hex.replace(/^#/, "");
  if (h.length === 3 || h.length === 4) {
    h = h
      .slice(0, 3)
      .split("")
      .map((c) => c + c)
      .join("");
  }
  h = h.slice(0, 6);
  if (!/^[0-9a-fA-F]{6}$/.test(h)) return 0;
  const channel = (i: number) => {
    const v = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/**
 * Keeps a CSS font-family list to names, quotes, commas and spaces, so a tenant value cannot smuggle other
 * declarations into the inline style. The bundled variable font is preferred wherever Public Sans is asked for.
 */
export function safeFontFamily(input: string): string {
  const cleaned = input.replace(/[^A-Za-z0-9 ,'"_-]/g, "").trim();
  if (cleaned === "") return FALLBACK_FONT;
  return cleaned.replace(/(['"]?)Public Sans\1(?!\s*Variable)/, "'Public Sans Variable', 'Public Sans'");
}

/**
 * The tenant's theme as CSS custom properties for the `style` of <html>, rendered on the server so the first paint
 * already has the tenant's colours. app.css maps them onto Tailwind colours and the masthead.
 */
export function themeCssVariables(config: ThemeInput): Record<string, string> {
  const nav = config.theme;
  const lightMasthead = luminance(nav.backgroundColor) > 0.5;
  const dark = lightMasthead ? DARK_MASTHEAD : nav;
  return {
    "--accent": config.accentColor,
    "--danger": config.errorColor,
    "--success": config.successColor,
    "--font-tenant": safeFontFamily(nav.fontFamily),
    "--nav-bg": nav.backgroundColor,
    "--nav-link": nav.linkColor,
    "--nav-link-hover": nav.linkHoverColor,
    "--nav-link-selected": nav.selectedLinkColor,
    "--nav-selected-line": nav.selectedLinkBottomLineColor,
    "--signup-fg": nav.signUpBtnColor,
    "--signup-bg": nav.signUpBtnBgColor,
    "--nav-bg-dark": dark.backgroundColor,
    "--nav-link-dark": dark.linkColor,
    "--nav-link-hover-dark": dark.linkHoverColor,
    "--nav-link-selected-dark": dark.selectedLinkColor,
    // The masthead search box: a tinted field on dark mastheads, a grey one on light mastheads.
    "--nav-input-bg": lightMasthead ? "#f1f5f9" : "rgb(255 255 255 / 0.1)",
    "--nav-input-border": lightMasthead ? "#cbd5e1" : "rgb(255 255 255 / 0.16)",
    "--nav-input-fg": lightMasthead ? "#0f172a" : "#ffffff",
  };
}

/** Whether the tenant's masthead is light (in light mode); dark mode always uses a dark masthead. */
export function hasLightMasthead(config: ThemeInput): boolean {
  return luminance(config.theme.backgroundColor) > 0.5;
}
