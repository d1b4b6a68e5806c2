import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { type ConsentChoice, readConsent, storeConsent } from "../lib/consent";
import { LocalLink } from "./localized-link";
import { COOKIE_PREFERENCES_EVENT } from "./site-footer";
import { Button } from "./ui/button";

/**
 * The cookie-consent banner: shown by itself when the tenant asks for consent and no choice is stored, and reopened by
 * the footer's "Cookie preferences" link at any time to change the choice. Not modal: the page stays usable.
 */
export function CookieConsent(props: {
  required: boolean;
  initialChoice: ConsentChoice | null;
  policyHref: string;
  brand: string;
  /** A page served without React (decision 162): always in the markup, hidden, for the visitor script to show. */
  staticPage?: boolean;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(props.initialChoice);
  const [open, setOpen] = useState(props.required && props.initialChoice === null);
  const [reopened, setReopened] = useState(false);

  useEffect(() => {
    function show() {
      setChoice(readConsent(document.cookie));
      setReopened(true);
      setOpen(true);
    }
    window.addEventListener(COOKIE_PREFERENCES_EVENT, show);
    return () => window.removeEventListener(COOKIE_PREFERENCES_EVENT, show);
  }, []);

  if (!open && !props.staticPage) return null;

  function choose(next: ConsentChoice) {
    storeConsent(next);
    setChoice(next);
    setOpen(false);
  }

  const policyIsExternal = /^https?:\/\//i.test(props.policyHref);
  const linkClass = "font-semibold text-accent underline-offset-2 hover:underline";
  /** The banner; `staticReopen`: the copy a page without React keeps in a <template> for "Cookie preferences". */
  const banner = (staticReopen: boolean) => (
    <section
      data-testid="cookie-consent"
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-3 bottom-3 z-50 rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-2xl sm:start-auto sm:end-4 sm:bottom-4 sm:max-w-md dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="cookie-consent-title" className="text-base font-bold">
        {t("consent.title", { brand: props.brand })}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("consent.body", { brand: props.brand })}</p>
      <p className="mt-2">
        {policyIsExternal ? (
          <a href={props.policyHref} className={linkClass} target="_blank" rel="noopener noreferrer">
            {t("consent.policy")}
          </a>
        ) : (
          <LocalLink to={props.policyHref} className={linkClass}>
            {t("consent.policy")}
          </LocalLink>
        )}
      </p>
      {reopened && !staticReopen && (
        <p data-testid="cookie-consent-current" className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          {choice === "all"
            ? t("consent.currentAll")
            : choice === "necessary"
              ? t("consent.currentNecessary")
              : t("consent.currentNone")}
        </p>
      )}
      {/* Without React the script shows the line of the stored choice when the footer reopens the banner. */}
      {staticReopen &&
        (["all", "necessary", "none"] as const).map((c) => (
          <p
            key={c}
            hidden
            data-consent-current={c}
            data-testid="cookie-consent-current"
            className="mt-2 text-xs text-slate-500 dark:text-slate-400"
          >
            {c === "all"
              ? t("consent.currentAll")
              : c === "necessary"
                ? t("consent.currentNecessary")
                : t("consent.currentNone")}
          </p>
        ))}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {(reopened || staticReopen) && (
          <button
            type="button"
            data-consent-close=""
            onClick={() => setOpen(false)}
            className="rounded-lg px-3 py-2 font-semibold text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {t("consent.close")}
          </button>
        )}
        <button
          type="button"
          data-testid="consent-necessary"
          onClick={() => choose("necessary")}
          className="rounded-lg border border-slate-300 px-3 py-2 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t("consent.necessaryOnly")}
        </button>
        <Button
          type="button"
          data-testid="consent-accept"
          onClick={() => choose("all")}
          size="custom"
          className="rounded-lg px-3 py-2 shadow-sm"
        >
          {t("consent.acceptAll")}
        </Button>
      </div>
    </section>
  );
  if (!props.staticPage) return banner(false);
  // Without React (decision 162) the visitor script shows a copy of the template when the footer asks for it.
  return (
    <>
      {open && banner(false)}
      <template data-consent-template="">{banner(true)}</template>
    </>
  );
}
