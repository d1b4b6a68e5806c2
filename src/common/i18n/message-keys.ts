import type { Messages } from "./catalog";

/** A message tree as dotted keys → texts ({ "hub.heroTitle": "..." }), in catalog order. */
export function flattenMessages(tree: Messages, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else Object.assign(out, flattenMessages(value, path));
  }
  return out;
}
