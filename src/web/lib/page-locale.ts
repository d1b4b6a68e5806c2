import { DEFAULT_LOCALE, isPrefixedLocale, type Locale } from "../../common/locales";

/** The page's language from the route's optional `:lang` prefix (en-US has none). */
export function pageLocale(params: { lang?: string }): Locale {
  return params.lang !== undefined && isPrefixedLocale(params.lang) ? params.lang : DEFAULT_LOCALE;
}
