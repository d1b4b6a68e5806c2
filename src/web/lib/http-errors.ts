import { data } from "react-router";
import { isValidSlug } from "../../common/slug";

/** What loaders throw for a missing page; the ErrorBoundary shows 'This page could not be found' and the status is 404. */
export function notFound(): never {
  throw data({ reason: "not-found" }, { status: 404 });
}

/** Throws 404 unless the slug is valid (spec section 5: sanitising leaves it unchanged and it is non-empty). */
export function requireSlug(slug: string | undefined): string {
  if (slug === undefined || !isValidSlug(slug)) notFound();
  return slug;
}

// Usernames allow '_' and capitals (see accounts' usernameSchema), so they are checked more loosely than slugs.
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export function requireUsername(username: string | undefined): string {
  if (username === undefined || !USERNAME.test(username)) notFound();
  return username;
}
