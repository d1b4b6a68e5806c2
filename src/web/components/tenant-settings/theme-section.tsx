import type { CSSProperties } from "react";
import type { NavigationTheme, TenantConfig } from "../../../common/tenant-config";
import { themeContrastChecks } from "../../../common/theme/contrast";
import { themeCssVariables } from "../../../common/theme/theme-tokens";
import { useTranslation } from "../../i18n/use-translation";
import { ColorSetting, SettingsSection, TextSetting } from "./settings-fields";
import type { SectionProps } from "./settings-types";

const NAV_COLORS = [
  "backgroundColor",
  "linkColor",
  "linkHoverColor",
  "selectedLinkColor",
  "selectedLinkBottomLineColor",
  "signUpBtnColor",
  "signUpBtnBgColor",
] as const satisfies ReadonlyArray<keyof NavigationTheme>;
const BRAND_COLORS = ["accentColor", "errorColor", "successColor"] as const;

/** Theme: every navigation token of spec section 3 and the three brand colours, with a live preview and AA check. */
export function ThemeSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const setNav = (key: keyof NavigationTheme, value: string) =>
    update((c) => ({ ...c, theme: { ...c.theme, [key]: value } }));
  return (
    <SettingsSection id="theme" title={t("tenantSettings.sections.theme")}>
      {!draft.featureFlags.global_navigation_theming && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t("tenantSettings.theme.globalThemingOff")}
        </p>
      )}
      <TextSetting
        path="theme.fontFamily"
        label={t("tenantSettings.theme.fontFamily")}
        value={draft.theme.fontFamily}
        maxLength={200}
        dir="ltr"
        onChange={(v) => setNav("fontFamily", v)}
        error={errorFor("theme.fontFamily")}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {NAV_COLORS.map((key) => (
          <ColorSetting
            key={key}
            path={`theme.${key}`}
            label={t(`tenantSettings.theme.${key}`)}
            value={draft.theme[key]}
            onChange={(v) => setNav(key, v)}
            error={errorFor(`theme.${key}`)}
          />
        ))}
        {BRAND_COLORS.map((key) => (
          <ColorSetting
            key={key}
            path={key}
            label={t(`tenantSettings.theme.${key}`)}
            value={draft[key]}
            onChange={(v) => update((c) => ({ ...c, [key]: v }))}
            error={errorFor(key)}
          />
        ))}
      </div>
      <h3 className="text-sm font-semibold">{t("tenantSettings.theme.preview")}</h3>
      <div className="grid gap-4 lg:grid-cols-2" data-testid="theme-preview">
        <ThemePreview config={draft} mode="light" />
        <ThemePreview config={draft} mode="dark" />
      </div>
      <ContrastReport config={draft} />
    </SettingsSection>
  );
}

/** The top bar and an API card as the public pages draw them, from the draft (not the saved) configuration. */
function ThemePreview(props: { config: TenantConfig; mode: "light" | "dark" }) {
  const { t } = useTranslation();
  const vars = themeCssVariables(props.config);
  const dark = props.mode === "dark";
  const v = (name: string) => vars[`${name}${dark ? "-dark" : ""}`] ?? vars[name];
  const brand = props.config.brandName;
  return (
    <figure
      data-testid={`theme-preview-${props.mode}`}
      className={`overflow-hidden rounded-xl border ${dark ? "border-slate-700 bg-slate-900 text-slate-100" : "border-slate-200 bg-slate-50 text-slate-900"}`}
      style={{ fontFamily: vars["--font-tenant"] } as CSSProperties}
    >
      <figcaption className="sr-only">
        {t(dark ? "tenantSettings.theme.previewDark" : "tenantSettings.theme.previewLight")}
      </figcaption>
      <div className="flex h-12 items-center gap-4 px-4" style={{ background: v("--nav-bg") }}>
        <span className="font-bold" style={{ color: v("--nav-link-selected") }}>
          {brand}
        </span>
        <span
          className="border-b-2 py-1 text-sm"
          style={{ color: v("--nav-link-selected"), borderColor: vars["--nav-selected-line"] }}
        >
          {t("nav.apiHub")}
        </span>
        <span className="text-sm" style={{ color: v("--nav-link") }}>
          {t("nav.docs")}
        </span>
        <span
          className="ms-auto rounded-md px-3 py-1 text-sm font-semibold"
          style={{ color: vars["--signup-fg"], background: vars["--signup-bg"] }}
        >
          {t("nav.signUp")}
        </span>
      </div>
      <div className="p-4">
        <div
          className={`rounded-xl border p-4 ${dark ? "border-slate-700 bg-slate-950" : "border-slate-200 bg-white"}`}
        >
          <p className="font-semibold" style={{ color: vars["--accent"] }}>
            {t("tenantSettings.theme.sampleApi")}
          </p>
          <p className={`mt-1 text-sm ${dark ? "text-slate-400" : "text-slate-600"}`}>
            {t("tenantSettings.theme.sampleDescription")}
          </p>
          <div className="mt-3 flex items-center gap-3 text-sm">
            <span className="rounded-lg px-3 py-1.5 font-semibold text-white" style={{ background: vars["--accent"] }}>
              {t("tenantSettings.theme.sampleButton")}
            </span>
            <span style={{ color: vars["--success"] }}>●</span>
            <span style={{ color: vars["--danger"] }}>●</span>
          </div>
        </div>
      </div>
    </figure>
  );
}

function ContrastReport(props: { config: TenantConfig }) {
  const { t } = useTranslation();
  const checks = themeContrastChecks(props.config);
  return (
    <div>
      <h3 className="text-sm font-semibold">{t("tenantSettings.theme.contrastTitle")}</h3>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2" data-testid="contrast-report">
        {checks.map((c) => (
          <li
            key={c.pair}
            data-testid={`contrast-${c.pair}`}
            data-passes={c.passes}
            className="flex items-center gap-2"
          >
            <span
              aria-hidden
              className="inline-flex size-6 items-center justify-center rounded text-xs font-bold"
              style={{ color: c.foreground, background: c.background }}
            >
              Aa
            </span>
            <span className="min-w-0 flex-1">{t(`tenantSettings.theme.contrast.${c.pair}`)}</span>
            <span className={c.passes ? "text-slate-500" : "font-semibold text-danger"}>
              {t(c.passes ? "tenantSettings.theme.contrastOk" : "tenantSettings.theme.contrastLow", {
                ratio: c.ratio.toFixed(1),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
