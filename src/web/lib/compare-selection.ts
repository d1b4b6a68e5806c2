import { useCallback, useSyncExternalStore } from "react";
import { type CompareItem, NO_ITEMS, read, subscribe, toggleIn, write } from "./compare-store";

export {
  COMPARE_LIMIT,
  COMPARE_STORAGE,
  type CompareItem,
  compareHref,
  parseSelection,
  toggleIn,
} from "./compare-store";

export function useCompareSelection() {
  const items = useSyncExternalStore(subscribe, read, () => NO_ITEMS);
  const toggle = useCallback((item: CompareItem): "added" | "removed" | "full" => {
    const current = read();
    const next = toggleIn(current, item);
    if (next === "full") return "full";
    write(next);
    return next.length > current.length ? "added" : "removed";
  }, []);
  const remove = useCallback((ref: string) => write(read().filter((i) => i.ref !== ref)), []);
  const clear = useCallback(() => write([]), []);
  return { items, toggle, remove, clear, has: (ref: string) => items.some((i) => i.ref === ref) };
}
