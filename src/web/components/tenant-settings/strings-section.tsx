import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { directionOf, LOCALE_NAMES, LOCALES, type Locale } from "../../../common/locales";
import { useTranslation } from "../../i18n/use-translation";
import { fieldClass } from "../ui/input";
import { SettingsSection } from "./settings-fields";
import type { SectionProps } from "./settings-types";

const SHOWN = 40;

/**
 * Strings: override any interface text in one language. Search runs over keys and the English texts; each row shows
 * the built-in text of that language, the override, and a preview of what the page will show.
 */
export function StringsSection(
  props: SectionProps & {
    locale: Locale;
    /** Every en-US key → text. */
    source: Record<string, string>;
    /** The chosen language's own translations (key → text); missing keys fall back to English. */
    translations: Record<string, string>;
  },
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { draft, update, locale } = props;
  const [query, setQuery] = useState("");
  const [onlyOverridden, setOnlyOverridden] = useState(false);
  const overrides = draft.strings[locale] ?? {};
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return Object.entries(props.source).filter(
      ([key, text]) =>
        (!onlyOverridden || key in overrides) &&
        (q === "" || key.toLowerCase().includes(q) || text.toLowerCase().includes(q)),
    );
  }, [props.source, query, onlyOverridden, overrides]);
  const setOverride = (key: string, value: string) =>
    update((c) => {
      const current = { ...(c.strings[locale] ?? {}) };
      if (value === "") delete current[key];
      else current[key] = value;
      return { ...c, strings: { ...c.strings, [locale]: current } };
    });
  const dir = directionOf(locale);
  return (
    <SettingsSection
      id="strings"
      title={t("tenantSettings.sections.strings")}
      intro={t("tenantSettings.strings.intro")}
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("tenantSettings.strings.language")}
          <select
            value={locale}
            data-testid="strings-language"
            onChange={(e) =>
              navigate(`?tab=settings&stringsLang=${encodeURIComponent(e.target.value)}#settings-strings`, {
                preventScrollReset: true,
                replace: true,
              })
            }
            className={fieldClass({ look: "plain" })}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
          {t("tenantSettings.strings.search")}
          <input
            type="search"
            value={query}
            data-testid="strings-search"
            placeholder={t("tenantSettings.strings.searchPlaceholder")}
            onChange={(e) => setQuery(e.target.value)}
            className={fieldClass({ look: "plain" })}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={onlyOverridden} onChange={(e) => setOnlyOverridden(e.target.checked)} />
          {t("tenantSettings.strings.onlyOverridden")}
        </label>
      </div>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t("tenantSettings.strings.matches", { count: matches.length })} ·{" "}
        {t("tenantSettings.strings.overridden", { count: Object.keys(overrides).length })}
        {matches.length > SHOWN && ` · ${t("tenantSettings.strings.showingFirst", { count: SHOWN })}`}
      </p>
      <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800" data-testid="strings-list">
        {matches.slice(0, SHOWN).map(([key, english]) => {
          const builtIn = props.translations[key] ?? english;
          const override = overrides[key] ?? "";
          return (
            <li key={key} className="grid gap-2 py-3 md:grid-cols-2" data-testid="string-row" data-key={key}>
              <div className="min-w-0 text-sm">
                <code className="block break-all text-xs text-slate-500 dark:text-slate-400" dir="ltr">
                  {key}
                </code>
                <span className="text-slate-500 dark:text-slate-400">{t("tenantSettings.strings.builtIn")}: </span>
                <span dir={dir}>{builtIn}</span>
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <label className="sr-only" htmlFor={`string-${key}`}>
                  {t("tenantSettings.strings.override")} ({key})
                </label>
                <input
                  id={`string-${key}`}
                  value={override}
                  dir={dir}
                  maxLength={2000}
                  data-testid="string-override"
                  placeholder={t("tenantSettings.strings.override")}
                  onChange={(e) => setOverride(key, e.target.value)}
                  className={fieldClass({ look: "plain" })}
                />
                {override !== "" && (
                  <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="string-preview">
                    {t("tenantSettings.strings.preview")}:{" "}
                    <span dir={dir} className="font-medium text-slate-800 dark:text-slate-200">
                      {override}
                    </span>
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </SettingsSection>
  );
}
