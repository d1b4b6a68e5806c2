/*
 * Where a card's logo is read from (decision 142): never the remote host itself, always /logos on our own origin,
 * which fetches and caches the picture on the server. The address names the API (or collection) and carries a short
 * hash of the remote URL, so a changed thumbnail is a new address and browsers may keep each one for a week.
 */

export const COLLECTION_PREFIX = "collection-";

export type LogoOwner = { apiId: string } | { collectionId: string };

const EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "ico"]);

/** FNV-1a (32 bit) in base 36: the same in the browser and on the server, no crypto needed. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The /logos address for an owner's remote thumbnail, or null when there is no http(s) thumbnail to show. */
export function logoSrc(owner: LogoOwner, thumbnail: string | null): string | null {
  if (!thumbnail || !/^https?:\/\/[^/]/i.test(thumbnail)) return null;
  let ext = "img";
  try {
    const last = new URL(thumbnail).pathname.split(".").pop()?.toLowerCase() ?? "";
    if (EXTENSIONS.has(last)) ext = last === "jpeg" ? "jpg" : last;
  } catch {
    return null;
  }
  const id = "apiId" in owner ? owner.apiId : `${COLLECTION_PREFIX}${owner.collectionId}`;
  return `/logos/${encodeURIComponent(id)}.${ext}?v=${shortHash(thumbnail)}`;
}
