import { isPrefixedLocale } from "../../common/locales";
import { resolveEntityPath } from "../../core/catalog/entity-paths.service";
import { notFound, requireUsername } from "../lib/http-errors";
import { localizedRedirect } from "../lib/localized-redirect.server";
import { viewerOf } from "../lib/route-guards.server";
import type { Route } from "./+types/entity";

/**
 * Spec section 2 catch-all "/{entity}/{name}" (both segments optional): a user's profile, an organization's homepage
 * or, with a name, that user's API. It redirects to the canonical address; anything else is the usual 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  let lang = params.lang;
  let entity = params.entity;
  let name = params.name ?? null;
  // An unknown first segment is resolved by the layout loader (React Router matched it as the language).
  if (lang !== undefined && !isPrefixedLocale(lang)) return null;
  // "/de/x" can match this route with entity "de": it is the German "/x".
  if (lang === undefined && isPrefixedLocale(entity)) {
    lang = entity;
    entity = name ?? "";
    name = null;
  }
  requireUsername(entity);
  if (name !== null) requireUsername(name);
  const viewer = viewerOf(context);
  const target = await resolveEntityPath(context.db, context.tenant.id, entity, name, viewer);
  if (!target) notFound();
  throw localizedRedirect(target, lang);
}

export default function EntityRedirect() {
  return null;
}
