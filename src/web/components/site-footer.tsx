import { sanitizeHref } from "../../common/url";
import { useTranslation } from "../i18n/use-translation";
import { useRootData } from "../lib/root-data";
import { GithubIcon, LinkedinIcon, XIcon, YoutubeIcon } from "./icons";
import { LanguageDropdown } from "./language-dropdown";
import { LocalLink } from "./localized-link";

const COMPANY = ["about", "blog", "careers", "team", "press", "contact"] as const;
const LEGAL = ["terms", "privacy"] as const;
const SOCIAL = [
  { id: "github", Icon: GithubIcon, name: "GitHub" },
  { id: "x", Icon: XIcon, name: "X" },
  { id: "linkedin", Icon: LinkedinIcon, name: "LinkedIn" },
  { id: "youtube", Icon: YoutubeIcon, name: "YouTube" },
] as const;

/** Event the cookie-consent banner listens to (it reopens its preferences). */
export const COOKIE_PREFERENCES_EVENT = "portico:cookie-preferences";

/**
 * Spec "Layout" footer: About ... Privacy (→ /page/{slug}), social links, language, cookie preferences. The breadcrumbs
 * the spec puts here sit at the top of the content instead (issue 18, decision 141).
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const root = useRootData();
  const brand = root?.brand ?? "Portico";
  const linkClass = "text-sm text-slate-600 transition hover:text-accent dark:text-slate-400";

  return (
    <footer
      data-testid="site-footer"
      className="mt-16 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="mx-auto grid max-w-[1320px] gap-10 px-4 py-10 sm:px-6 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1.2fr]">
        <div className="flex flex-col gap-4">
          <span className="text-lg font-bold tracking-tight">{brand}</span>
          <p className="max-w-xs text-sm text-slate-600 dark:text-slate-400">{t("footer.tagline")}</p>
          <ul aria-label={t("footer.social")} className="flex gap-2" data-testid="footer-social">
            {SOCIAL.flatMap(({ id, Icon, name }) => {
              // Spec "Layout": social links come from the tenant's configuration; an unset network is not shown.
              const href = root?.socialLinks[id];
              return href ? [{ id, Icon, name, href }] : [];
            }).map(({ id, Icon, name, href }) => (
              <li key={id}>
                <a
                  href={sanitizeHref(href)}
                  rel="noopener noreferrer me"
                  target="_blank"
                  aria-label={name}
                  className="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
            {t("footer.company")}
          </h2>
          <ul className="flex flex-col gap-2">
            {COMPANY.map((slug) => (
              <li key={slug}>
                <LocalLink to={`/page/${slug}`} className={linkClass} data-testid={`footer-${slug}`}>
                  {t(`footer.${slug}`)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
            {t("footer.legal")}
          </h2>
          <ul className="flex flex-col gap-2">
            {LEGAL.map((slug) => (
              <li key={slug}>
                <LocalLink to={`/page/${slug}`} className={linkClass} data-testid={`footer-${slug}`}>
                  {t(`footer.${slug}`)}
                </LocalLink>
              </li>
            ))}
            {/* Always offered: the visitor can change the analytics choice even where no banner asks for it. */}
            <li>
              <button
                type="button"
                data-testid="cookie-preferences"
                className={linkClass}
                onClick={() => window.dispatchEvent(new CustomEvent(COOKIE_PREFERENCES_EVENT))}
              >
                {t("footer.cookiePreferences")}
              </button>
            </li>
          </ul>
        </div>
        <div className="flex flex-col gap-3">
          <h2 className="text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
            {t("footer.language")}
          </h2>
          <LanguageDropdown />
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-[1320px] px-4 py-5 text-xs text-slate-500 dark:text-slate-400 sm:px-6">
          {t("footer.copyright", { year: root?.year ?? 2026, brand })}
        </p>
      </div>
    </footer>
  );
}
