import { type ReactNode, useCallback, useMemo, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Locale } from "../../../common/locales";
import type { TenantConfig } from "../../../common/tenant-config";
import { useTranslation } from "../../i18n/use-translation";
import { useRootData } from "../../lib/root-data";
import { Button } from "../ui/button";
import { FormError, FormNotice } from "../ui/form-field";
import { BrandSection } from "./brand-section";
import { ConsentSection, LimitsSections, SignUpSection, SocialSection } from "./options-sections";
import type { SectionProps } from "./settings-types";
import { StringsSection } from "./strings-section";
import { ThemeSection } from "./theme-section";
import { FlagsSection, SwitchesSection } from "./toggles-section";

const SECTIONS = [
  "brand",
  "theme",
  "switches",
  "flags",
  "signUp",
  "consent",
  "freePlan",
  "spotlight",
  "currency",
  "social",
  "strings",
  "history",
] as const;

/**
 * /admin "Tenant settings": one draft of the whole configuration, edited section by section and saved at once as
 * a new version (the server validates it with the tenant config schema). Remounted (key) when the saved version
 * changes, so the draft always starts from what is live.
 */
export function TenantSettingsForm(props: {
  config: TenantConfig;
  version: number;
  stringsLocale: Locale;
  source: Record<string, string>;
  translations: Record<string, string>;
  notice: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** The history panel, after the sections. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const busy = useNavigation().state === "submitting";
  const [draft, setDraft] = useState(props.config);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(props.config), [draft, props.config]);
  const update = useCallback((change: (c: TenantConfig) => TenantConfig) => setDraft((c) => change(c)), []);
  const errorFor = useCallback(
    (path: string) =>
      props.fieldErrors[path] ?? Object.entries(props.fieldErrors).find(([key]) => key.startsWith(`${path}.`))?.[1],
    [props.fieldErrors],
  );
  const section: SectionProps = { draft, update, errorFor };
  return (
    <div className="grid gap-6 lg:grid-cols-[12rem_1fr]">
      <nav aria-label={t("tenantSettings.sectionsLabel")} className="lg:sticky lg:top-24 lg:self-start">
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {SECTIONS.map((id) => (
            <li key={id}>
              <a
                href={`#settings-${id}`}
                className="block rounded-lg px-3 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                {t(`tenantSettings.sections.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-col gap-6">
        <Form
          method="post"
          preventScrollReset
          data-testid="tenant-settings-form"
          className="sticky top-[4.5rem] z-10 flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white/95 p-3 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
        >
          <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
          <input type="hidden" name="intent" value="save-settings" />
          <input type="hidden" name="baseVersion" value={props.version} />
          <input type="hidden" name="config" value={JSON.stringify(draft)} />
          <Button type="submit" size="row" disabled={busy || !dirty} data-testid="settings-save">
            {busy ? t("tenantSettings.saving") : t("tenantSettings.save")}
          </Button>
          {dirty && (
            <>
              <span className="text-sm font-medium text-amber-700 dark:text-amber-300" data-testid="settings-dirty">
                {t("tenantSettings.unsaved")}
              </span>
              <button
                type="button"
                className="text-sm font-semibold text-slate-600 hover:underline dark:text-slate-300"
                onClick={() => setDraft(props.config)}
              >
                {t("tenantSettings.discard")}
              </button>
            </>
          )}
          <div className="w-full empty:hidden">
            <FormError message={props.error} />
            <FormNotice message={props.notice} />
          </div>
        </Form>
        <BrandSection {...section} />
        <ThemeSection {...section} />
        <SwitchesSection {...section} />
        <FlagsSection {...section} />
        <SignUpSection {...section} />
        <ConsentSection {...section} />
        <LimitsSections {...section} />
        <SocialSection {...section} />
        <StringsSection
          {...section}
          locale={props.stringsLocale}
          source={props.source}
          translations={props.translations}
        />
        {props.children}
      </div>
    </div>
  );
}
