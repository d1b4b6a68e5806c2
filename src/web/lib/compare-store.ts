/*
 * The APIs picked for comparison (no React here: the visitor script of decision 162 uses it too): kept in localStorage (so the selection survives navigation and reloads, and tabs
 * stay in sync through the storage event), at most COMPARE_LIMIT entries of { ref: "owner/slug", name }.
 */

export const COMPARE_LIMIT = 4;
export const COMPARE_STORAGE = "portico.compare";

export interface CompareItem {
  ref: string;
  name: string;
}

/**
 * The empty selection, one array: what the server renders with and what the browser reads while nothing is stored, so
 * hydration finds the two snapshots equal instead of re-rendering every Compare toggle at once.
 */
export const NO_ITEMS: readonly CompareItem[] = Object.freeze([]);

const listeners = new Set<() => void>();
let cache: { raw: string | null; items: readonly CompareItem[] } = { raw: null, items: NO_ITEMS };

function isItem(value: unknown): value is CompareItem {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as CompareItem).ref === "string" &&
    typeof (value as CompareItem).name === "string"
  );
}

/** Reads a stored selection defensively: anything malformed is dropped, duplicates and extras too. */
export function parseSelection(raw: string | null): CompareItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    const out: CompareItem[] = [];
    for (const item of parsed) {
      if (!isItem(item) || seen.has(item.ref) || item.ref.length > 200) continue;
      seen.add(item.ref);
      out.push({ ref: item.ref, name: item.name.slice(0, 200) });
      if (out.length === COMPARE_LIMIT) break;
    }
    return out;
  } catch {
    return [];
  }
}

export function read(): readonly CompareItem[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(COMPARE_STORAGE);
  } catch {
    raw = null;
  }
  if (raw !== cache.raw) cache = { raw, items: parseSelection(raw) };
  return cache.items;
}

export function write(items: readonly CompareItem[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(COMPARE_STORAGE);
    else window.localStorage.setItem(COMPARE_STORAGE, JSON.stringify(items));
  } catch {
    // Storage disabled: keep the selection in memory for this page.
    cache = { raw: JSON.stringify(items), items };
  }
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_STORAGE) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Adds or removes `item`; "full" when adding a fifth. Pure, for tests and the hook. */
export function toggleIn(items: readonly CompareItem[], item: CompareItem): CompareItem[] | "full" {
  if (items.some((i) => i.ref === item.ref)) return items.filter((i) => i.ref !== item.ref);
  if (items.length >= COMPARE_LIMIT) return "full";
  return [...items, item];
}

/** The /compare address of a selection ("/compare?apis=a/b,c/d"); slashes kept readable. */
export function compareHref(refs: readonly string[]): string {
  return `/compare?apis=${refs.map((r) => encodeURIComponent(r).replace(/%2F/gi, "/")).join(",")}`;
}
