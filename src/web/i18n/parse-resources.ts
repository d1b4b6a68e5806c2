import type { Messages } from "../../common/i18n/catalog";

/** Recently parsed catalogs by their JSON text: the same text always gives the same object (and i18next instance). */
const parsed = new Map<string, Messages>();
const MAX_PARSED = 8;

/**
 * The message catalog the root loader sends as JSON text (cachedResources in root.tsx: one string turbo-stream-encodes
 * far faster than ~2,000 entries), parsed once per distinct text on the server and in the browser.
 */
export function parseResources(json: string): Messages {
  let resources = parsed.get(json);
  if (!resources) {
    resources = JSON.parse(json) as Messages;
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(json, resources);
  }
  return resources;
}
