import type { TenantConfig } from "../tenant-config";
import { luminance } from "./theme-tokens";

/** WCAG 2.x AA for normal text. */
export const WCAG_AA = 4.5;

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface ContrastCheck {
  /** Translation key under tenantSettings.contrast naming the pair. */
  pair:
    | "navLink"
    | "navSelected"
    | "signUp"
    | "accentButton"
    | "accentLinkLight"
    | "accentLinkDark"
    | "error"
    | "success";
  foreground: string;
  background: string;
  ratio: number;
  passes: boolean;
}

// The page backgrounds the accent sits on: white in light mode, slate-900 in dark mode (app.css).
const LIGHT_PAGE = "#ffffff";
const DARK_PAGE = "#0f172a";

type ThemeInput = Pick<TenantConfig, "theme" | "accentColor" | "errorColor" | "successColor">;

/** Every text/background pair the tenant's theme decides, with its ratio against WCAG AA (4.5:1). */
export function themeContrastChecks(config: ThemeInput): ContrastCheck[] {
  const nav = config.theme;
  const pairs: Array<[ContrastCheck["pair"], string, string]> = [
    ["navLink", nav.linkColor, nav.backgroundColor],
    ["navSelected", nav.selectedLinkColor, nav.backgroundColor],
    ["signUp", nav.signUpBtnColor, nav.signUpBtnBgColor],
    ["accentButton", "#ffffff", config.accentColor],
    ["accentLinkLight", config.accentColor, LIGHT_PAGE],
    ["accentLinkDark", config.accentColor, DARK_PAGE],
    ["error", config.errorColor, LIGHT_PAGE],
    ["success", config.successColor, LIGHT_PAGE],
  ];
  return pairs.map(([pair, foreground, background]) => {
    const ratio = contrastRatio(foreground, background);
    return { pair, foreground, background, ratio, passes: ratio >= WCAG_AA };
  });
}
