import { localePrefix } from "../../common/i18n/locale-path";
import type { Locale } from "../../common/locales";
import { useTranslation } from "../i18n/use-translation";
// Bundled on its own by Vite (a classic script with a content hash in build/client/assets): not part of the React app.
import visitorScriptUrl from "../visitor/visitor-page.ts?worker&url";
import { pluralTexts, VISITOR_TEXTS_ID, type VisitorTexts } from "../visitor/visitor-texts";

/** JSON inside <script>: "<" escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * What a page served without React (decision 162) carries instead of the app's scripts: the few translated texts the
 * visitor script needs, and the script itself (deferred, with the response's CSP nonce).
 */
export function VisitorPageScript(props: {
  locale: Locale;
  nonce: string;
  csrfToken: string;
  consentRequired: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = props;
  const texts: VisitorTexts = {
    locale,
    prefix: localePrefix(locale),
    consentRequired: props.consentRequired,
    csrfToken: props.csrfToken,
    suggestions: t("nav.searchSuggestions"),
    toAllResults: t("nav.toAllResults", { totalResults: "{n}" }),
    noResults: t("nav.searchNoResults", { term: "{term}" }),
    matchedEndpoint: t("nav.searchMatchedEndpoint"),
    private: t("common.private"),
    resultsCount: pluralTexts(locale, (count) => t("nav.searchResultsCount", { count })),
    switchToDark: t("nav.switchToDark"),
    switchToLight: t("nav.switchToLight"),
    compareOn: t("compare.toggleOn", { name: "{name}" }),
    compareOff: t("compare.toggleOff", { name: "{name}" }),
    compareFull: t("compare.full", { max: "{max}" }),
    trayLabel: t("compare.trayLabel"),
    trayRemove: t("compare.remove", { name: "{name}" }),
    trayClear: t("compare.clear"),
    trayGo: pluralTexts(locale, (count) => t("compare.trayGo", { count })),
    trayHint: t("compare.trayHint"),
  };
  return (
    <>
      <script
        type="application/json"
        id={VISITOR_TEXTS_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, "<" escaped; not executed.
        dangerouslySetInnerHTML={{ __html: scriptJson(texts) }}
      />
      <script src={visitorScriptUrl} nonce={props.nonce} defer />
    </>
  );
}
