import type { AppLoadContext } from "react-router";
import { getApiDetail } from "../../core/catalog/catalog.service";
import type { ApiDetail } from "../../core/catalog/catalog.types";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { notFound, requireSlug, requireUsername } from "./http-errors";
import { pageLocale } from "./page-locale";

// The API layout and its tab loaders run in the same request with the same context object: one query serves them all.
const perRequest = new WeakMap<object, Map<string, Promise<ApiDetail | null>>>();

/**
 * The API of /{username}/api/{slug}, or a thrown 404 for bad segments, unknown APIs and private APIs the viewer was
 * not given (the same 404 as a missing API).
 */
export async function loadApiOr404(
  context: AppLoadContext,
  params: { username?: string; slug?: string; lang?: string },
): Promise<ApiDetail> {
  const username = requireUsername(params.username);
  const slug = requireSlug(params.slug);
  let cache = perRequest.get(context);
  if (!cache) {
    cache = new Map();
    perRequest.set(context, cache);
  }
  const key = `${username}/${slug}`;
  let pending = cache.get(key);
  if (!pending) {
    // The category name in the page's language (decision 130); the rest of the API is the provider's own text.
    pending = Promise.all([
      getApiDetail(context.db, context.tenant.id, username, slug, context.viewer),
      getCatalogLocalizer(context.db, context.tenant.id, pageLocale(params)),
    ]).then(([api, localizer]) => (api ? localizer.card(api) : null));
    cache.set(key, pending);
  }
  const api = await pending;
  if (!api) notFound();
  return api;
}
