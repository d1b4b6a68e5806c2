import { redirect } from "react-router";
import { localizePath } from "../../common/i18n/locale-path";
import { isPrefixedLocale } from "../../common/locales";

/** A redirect to an app path under the request's language prefix (params.lang of the layout route). */
export function localizedRedirect(path: string, lang: string | undefined): Response {
  return redirect(lang && isPrefixedLocale(lang) ? localizePath(path, lang) : path);
}
