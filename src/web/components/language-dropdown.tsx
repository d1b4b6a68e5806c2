import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { switchLocalePath } from "../../common/i18n/locale-path";
import { LOCALE_NAMES, LOCALES } from "../../common/locales";
import { useTranslation } from "../i18n/use-translation";
import { storeLocale } from "../lib/preferences";
import { useLocale } from "../lib/root-data";
import { useLinkDiscover } from "../lib/static-visitor-page";
import { GlobeIcon } from "./icons";

/**
 * Language switcher: plain links to the same page under each prefix (works without JavaScript and tells crawlers
 * about the translations); choosing one also stores the cookie portico_lang for 365 days.
 */
export function LanguageDropdown() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const discover = useLinkDiscover();
  const details = useRef<HTMLDetailsElement>(null);

  return (
    <details ref={details} className="group relative" data-testid="language-dropdown">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <GlobeIcon className="size-4" />
        <span className="sr-only">{t("footer.language")}: </span>
        <span>{LOCALE_NAMES[locale]}</span>
      </summary>
      <ul
        aria-label={t("footer.language")}
        className="absolute bottom-full start-0 z-30 mb-2 max-h-80 w-52 overflow-auto rounded-xl border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        {LOCALES.map((target) => (
          <li key={target}>
            <Link
              to={switchLocalePath(location.pathname, target) + location.search}
              discover={discover}
              lang={target}
              hrefLang={target}
              data-locale={target}
              aria-current={target === locale ? "true" : undefined}
              onClick={() => {
                storeLocale(target);
                details.current?.removeAttribute("open");
              }}
              className="language-option"
            >
              {LOCALE_NAMES[target]}
              <span className="text-xs text-slate-400">{target}</span>
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
