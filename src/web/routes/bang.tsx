import { redirect } from "react-router";
import { localizePath } from "../../common/i18n/locale-path";
import { isPrefixedLocale } from "../../common/locales";
import type { Route } from "./+types/bang";

/**
 * /bang?q={term} (decision 122): a search shortcut for browsers' keyword search ("custom search engine" address
 * https://{host}/bang?q=%s) and chat tools: it cleans the term like the search box (spec section 5: slashes removed)
 * and redirects to the search results; without a term, to the search page.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const term = (new URL(request.url).searchParams.get("q") ?? "").replace(/\//g, "").trim().slice(0, 200);
  const target = term ? `/search/${encodeURIComponent(term)}` : "/search";
  throw redirect(params.lang && isPrefixedLocale(params.lang) ? localizePath(target, params.lang) : target);
}
